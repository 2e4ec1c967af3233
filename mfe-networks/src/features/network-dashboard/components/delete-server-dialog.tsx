import type { Server } from '@outpost/contracts';
import { useToast } from '@outpost/ui';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { errorMessage } from '../../../shared/utils/error-message';
import { useDeleteServerMutation } from '../api/network-dashboard.api';

export type DeleteServerDialogProps = { server: Server | null; onClose: () => void };

/** Asks first; on success the server leaves the list (cache tags), on failure the spec's alert. */
export const DeleteServerDialog = ({ server, onClose }: DeleteServerDialogProps) => {
  const [deleteServer, { isLoading, error, reset }] = useDeleteServerMutation();
  const toast = useToast();

  const close = () => {
    reset();
    onClose();
  };

  const confirm = async () => {
    if (!server) return;
    try {
      await deleteServer({ networkId: server.networkId, serverId: server.id }).unwrap();
      toast.show({ message: `${server.name} was deleted`, tone: 'success' });
      close();
    } catch {
      // Shown below from the mutation's error.
    }
  };

  const reason = error ? errorMessage(error, '') : '';
  return (
    <ConfirmDialog
      open={server !== null}
      onClose={close}
      title="Delete Server"
      description={
        server ? `Are you sure you want to delete ${server.name}? This action cannot be undone.` : ''
      }
      confirmLabel="Delete Server"
      busyLabel="Deleting..."
      busy={isLoading}
      onConfirm={() => void confirm()}
    >
      <p className="net-muted">Its plugin token stops working at once.</p>
      {error && (
        <p role="alert" className="net-form-error">
          {reason ? `Failed to delete server: ${reason}` : 'Failed to delete server'}
        </p>
      )}
    </ConfirmDialog>
  );
};
