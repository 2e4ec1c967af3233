import { DEFAULT_NETWORK_DESCRIPTION, paths, PRESET_GRADIENTS, type Gradient } from '@outpost/contracts';
import { Modal, TextArea, TextField } from '@outpost/ui';
import { validateDescription } from '@outpost/validation';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '@outpost/router';
import { FormActions } from '../../../shared/components/form-actions';
import { errorMessage } from '../../../shared/utils/error-message';
import { gradientStyle } from '../../../shared/utils/gradient';
import { useCreateNetworkMutation } from '../api/network-list.api';

export type CreateNetworkDialogProps = { open: boolean; onClose: () => void };

const randomGradient = (): Gradient => PRESET_GRADIENTS[Math.floor(Math.random() * PRESET_GRADIENTS.length)];

/** Spec section 2: name and description; a random preset gradient; opens the new network. */
export const CreateNetworkDialog = ({ open, onClose }: CreateNetworkDialogProps) => {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [gradient, setGradient] = useState(randomGradient);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [createNetwork, { isLoading, error, reset }] = useCreateNetworkMutation();
  const navigate = useNavigate();

  const close = () => {
    setName('');
    setDescription('');
    setFieldError(null);
    setGradient(randomGradient());
    reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A blank name does nothing (spec section 5); the button is disabled for it anyway.
    if (!name.trim() || isLoading) return;
    const descriptionError = validateDescription(description);
    if (descriptionError) return setFieldError(descriptionError);
    try {
      const network = await createNetwork({
        name: name.trim(),
        description: description.trim() || DEFAULT_NETWORK_DESCRIPTION,
        gradient,
      }).unwrap();
      close();
      navigate(paths.network(network.id));
    } catch {
      // Shown below from the mutation's error.
    }
  };

  return (
    <Modal open={open} onClose={close} title="Create Network" dismissible={!isLoading}>
      <form onSubmit={submit} noValidate>
        <div className="net-gradient-preview" style={gradientStyle(gradient)} aria-hidden="true" />
        <TextField
          label="Network Name"
          hint="Choose a unique name for your network"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            reset();
          }}
          autoComplete="off"
          required
        />
        <TextArea
          label="Description"
          placeholder={DEFAULT_NETWORK_DESCRIPTION}
          value={description}
          onChange={(event) => {
            setDescription(event.target.value);
            setFieldError(null);
          }}
          error={fieldError ?? undefined}
        />
        <FormActions
          error={error && errorMessage(error, 'Failed to create network. Please try again.')}
          onCancel={close}
          submitLabel="Create Network"
          busyLabel="Creating..."
          busy={isLoading}
          disabled={!name.trim()}
        />
      </form>
    </Modal>
  );
};
