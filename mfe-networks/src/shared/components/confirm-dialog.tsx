import { Button, Modal } from '@outpost/ui';
import type { ReactNode } from 'react';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  description: string;
  /** The confirming button's label, also shown while busy as `busyLabel`. */
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
};

/** A small "are you sure" dialog for a destructive action: Cancel, and the action in red. */
export const ConfirmDialog = ({
  open,
  title,
  description,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) => (
  <Modal
    open={open}
    onClose={onClose}
    title={title}
    description={description}
    dismissible={!busy}
    size="sm"
    footer={
      <>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} busy={busy} busyLabel={busyLabel}>
          {confirmLabel}
        </Button>
      </>
    }
  >
    {children}
  </Modal>
);
