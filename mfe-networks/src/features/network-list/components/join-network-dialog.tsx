import { MESSAGES, normalizeInviteCode, validateInviteCode } from '@outpost/validation';
import { Modal, TextField, useToast } from '@outpost/ui';
import { useState, type FormEvent } from 'react';
import { FormActions } from '../../../shared/components/form-actions';
import { ROLE_LABELS } from '../../../shared/components/role-badge';
import { errorMessage, errorStatus } from '../../../shared/utils/error-message';
import { useJoinNetworkMutation } from '../api/network-list.api';

export type JoinNetworkDialogProps = { open: boolean; onClose: () => void };

/** Spec section 2: an invite code joins its network; the list reloads through the cache tags. */
export const JoinNetworkDialog = ({ open, onClose }: JoinNetworkDialogProps) => {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [joinNetwork, { isLoading, error, reset }] = useJoinNetworkMutation();
  const toast = useToast();

  const close = () => {
    setCode('');
    setFieldError(null);
    reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const invalid = validateInviteCode(code);
    if (invalid) return setFieldError(invalid);
    try {
      const network = await joinNetwork({ inviteCode: normalizeInviteCode(code) }).unwrap();
      // The role comes from the invite: say it, so a new moderator knows what they may do.
      const role = network.role === 'member' ? '' : ` as ${ROLE_LABELS[network.role]}`;
      toast.show({ message: `You joined ${network.name}${role}`, tone: 'success' });
      close();
    } catch {
      // Shown below from the mutation's error.
    }
  };

  // 404 and 400 mean the code leads nowhere; 409 and 410 carry the API's clearer reason.
  const status = errorStatus(error);
  const failure =
    error &&
    (status === 404 || status === 400
      ? MESSAGES.inviteCodeInvalid
      : errorMessage(error, 'Failed to join network'));

  return (
    <Modal
      open={open}
      onClose={close}
      title="Join Network"
      description="Enter the invite code you were given by a network owner or admin."
      dismissible={!isLoading}
      size="sm"
    >
      <form onSubmit={submit} noValidate>
        <TextField
          label="Invite Code"
          placeholder="XXXXX-XXXXX-XXXXX"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setFieldError(null);
            reset();
          }}
          error={fieldError ?? undefined}
          autoComplete="off"
          spellCheck={false}
          required
        />
        <FormActions
          error={failure}
          onCancel={close}
          submitLabel="Join Network"
          busyLabel="Joining..."
          busy={isLoading}
        />
      </form>
    </Modal>
  );
};
