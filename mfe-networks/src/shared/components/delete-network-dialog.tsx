import type { Network } from '@outpost/contracts';
import { Modal, TextField, useToast } from '@outpost/ui';
import { useState, type FormEvent } from 'react';
import { FormActions } from './form-actions';
import { useDeleteNetworkMutation } from '../api/networks.api';
import { errorMessage } from '../utils/error-message';

export type DeleteNetworkDialogProps = {
  network: Pick<Network, 'id' | 'name'>;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
};

/** Owner only. The name must be typed to confirm: the network, its servers and members go. */
export const DeleteNetworkDialog = ({ network, open, onClose, onDeleted }: DeleteNetworkDialogProps) => {
  const [typed, setTyped] = useState('');
  const [deleteNetwork, { isLoading, error, reset }] = useDeleteNetworkMutation();
  const toast = useToast();
  const confirmed = typed.trim() === network.name.trim();

  const close = () => {
    setTyped('');
    reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed || isLoading) return;
    try {
      await deleteNetwork(network.id).unwrap();
      toast.show({ message: `${network.name} was deleted`, tone: 'success' });
      setTyped('');
      onDeleted();
    } catch {
      // Shown below from the mutation's error.
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="Delete Network"
      description={`Are you sure you want to delete ${network.name}? This action cannot be undone.`}
      dismissible={!isLoading}
      size="sm"
    >
      <form onSubmit={submit} noValidate>
        <p className="net-muted">
          Its servers, members, invites and audit log are removed for everyone. Server tokens stop working.
        </p>
        <TextField
          label={`Type ${network.name} to confirm`}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
        />
        <FormActions
          error={error && errorMessage(error, 'Failed to delete network')}
          onCancel={close}
          submitLabel="Delete Network"
          busyLabel="Deleting..."
          busy={isLoading}
          disabled={!confirmed}
          variant="danger"
        />
      </form>
    </Modal>
  );
};
