import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { errorMessage } from '../../../shared/utils/error-message';
import { useRotateServerTokenMutation } from '../api/server.api';

export type RotateTokenDialogProps = {
  open: boolean;
  serverId: string;
  title: string;
  /** What stops working once the token changes. */
  description: string;
  onClose: () => void;
  /** The new token, shown once by the caller. */
  onRotated: (token: string) => void;
};

/** "Are you sure" before a server's token is replaced: the old one stops working at once. */
export const RotateTokenDialog = ({
  open,
  serverId,
  title,
  description,
  onClose,
  onRotated,
}: RotateTokenDialogProps) => {
  const [rotate, { isLoading, error, reset }] = useRotateServerTokenMutation();

  const close = () => {
    reset();
    onClose();
  };

  const confirm = async () => {
    try {
      const { token } = await rotate(serverId).unwrap();
      reset();
      onRotated(token);
    } catch {
      // Shown in the dialog from the mutation's error.
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      title={title}
      description={description}
      confirmLabel={title}
      busyLabel="Rotating..."
      busy={isLoading}
      onConfirm={() => void confirm()}
    >
      {error && (
        <p role="alert" className="net-form-error">
          {errorMessage(error, 'Failed to rotate the token')}
        </p>
      )}
    </ConfirmDialog>
  );
};
