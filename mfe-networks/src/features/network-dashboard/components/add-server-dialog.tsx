import type { CreateServerResponse } from '@outpost/contracts';
import { Modal, TextField } from '@outpost/ui';
import {
  MESSAGES,
  sanitizeServerName,
  validateConnectionAddress,
  validateServerName,
} from '@outpost/validation';
import { useState, type FormEvent } from 'react';
import { FormActions } from '../../../shared/components/form-actions';
import { errorMessage } from '../../../shared/utils/error-message';
import { useCreateServerMutation } from '../api/network-dashboard.api';
import { ServerTokenDialog } from '../../../shared/components/server-token-dialog';

export type AddServerDialogProps = { networkId: string; open: boolean; onClose: () => void };

/** Validated on submit (the first error shows); then the token, once, in Server Token Created. */
export const AddServerDialog = ({ networkId, open, onClose }: AddServerDialogProps) => {
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [errors, setErrors] = useState<{ name?: string; address?: string }>({});
  const [created, setCreated] = useState<CreateServerResponse | null>(null);
  const [createServer, { isLoading, error, reset }] = useCreateServerMutation();

  const clear = () => {
    setName('');
    setAddress('');
    setErrors({});
    reset();
  };

  const close = () => {
    clear();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const nameError = validateServerName(name);
    if (nameError) return setErrors({ name: nameError || MESSAGES.serverNameFallback });
    const addressError = validateConnectionAddress(address);
    if (addressError) return setErrors({ address: addressError });
    try {
      const server = await createServer({
        networkId,
        body: {
          name: sanitizeServerName(name),
          connectionAddress: address.trim(),
        },
      }).unwrap();
      clear();
      onClose();
      setCreated(server);
    } catch {
      // Shown below from the mutation's error.
    }
  };

  return (
    <>
      <Modal open={open} onClose={close} title="Add Server" dismissible={!isLoading}>
        <form onSubmit={submit} noValidate>
          <TextField
            label="Server Name"
            hint="Letters, numbers, spaces and - _ # . ( ) [ ] { }, up to 50 characters"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setErrors({});
              reset();
            }}
            error={errors.name}
            autoComplete="off"
            required
          />
          <TextField
            label="Connection Address"
            hint="IP:PORT or DOMAIN:PORT, as players connect to it"
            placeholder="play.example.com:28015"
            value={address}
            onChange={(event) => {
              setAddress(event.target.value);
              setErrors({});
              reset();
            }}
            error={errors.address}
            autoComplete="off"
            required
          />
          <FormActions
            error={error && errorMessage(error, 'Failed to add server')}
            onCancel={close}
            submitLabel="Add Server"
            busyLabel="Adding..."
            busy={isLoading}
          />
        </form>
      </Modal>
      <ServerTokenDialog server={created} onDone={() => setCreated(null)} />
    </>
  );
};
