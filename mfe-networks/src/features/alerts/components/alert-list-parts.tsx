import { Button, EmptyState, ErrorState, Spinner, type ButtonProps } from '@outpost/ui';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { READ_ONLY_HINT } from '../../../shared/hooks/use-read-only';
import { errorMessage, listErrorMessage } from '../../../shared/utils/error-message';

/** A small list action that the read-only demo shows but stops, saying why on hover. */
export const AlertItemButton = ({
  readOnly,
  ...props
}: Omit<ButtonProps, 'disabled' | 'title'> & { readOnly: boolean }) => (
  <Button size="sm" {...props} disabled={readOnly} title={readOnly ? READ_ONLY_HINT : undefined} />
);

export type AlertListBodyProps = {
  query: { isLoading: boolean; data?: unknown; error?: unknown; refetch: () => unknown };
  /** How many items the list shows once loaded (after any filter). */
  count: number;
  loadingLabel: string;
  errorTitle: string;
  emptyTitle: string;
  emptyMessage: string;
  children: ReactNode;
};

/** A list's loading, failed (with Retry), empty and loaded states, in that order. */
export const AlertListBody = ({
  query,
  count,
  loadingLabel,
  errorTitle,
  emptyTitle,
  emptyMessage,
  children,
}: AlertListBodyProps) => {
  if (query.isLoading) return <Spinner label={loadingLabel} showLabel />;
  if (!query.data)
    return (
      <ErrorState
        title={errorTitle}
        message={listErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  if (count === 0) return <EmptyState title={emptyTitle} message={emptyMessage} />;
  return <>{children}</>;
};

export type DeleteAlertItemDialogProps<T> = {
  /** The item asked about; null keeps the dialog closed. */
  item: T | null;
  title: string;
  describe: (item: T) => string;
  confirmLabel: string;
  removing: { isLoading: boolean; isError: boolean; error?: unknown };
  /** Shown when the API gave no message of its own. */
  failure: string;
  /** Deletes the item; the dialog closes once it resolves, and stays open with the error if it fails. */
  onDelete: (item: T) => Promise<unknown>;
  onClose: () => void;
};

/** "Are you sure" before a rule or channel is deleted, with the failure if the delete is refused. */
export const DeleteAlertItemDialog = <T,>({
  item,
  title,
  describe,
  confirmLabel,
  removing,
  failure,
  onDelete,
  onClose,
}: DeleteAlertItemDialogProps<T>) => (
  <ConfirmDialog
    open={item !== null}
    title={title}
    description={item ? describe(item) : ''}
    confirmLabel={confirmLabel}
    busyLabel="Deleting..."
    busy={removing.isLoading}
    onClose={onClose}
    onConfirm={() => {
      if (!item) return;
      void onDelete(item)
        .then(onClose)
        .catch(() => undefined);
    }}
  >
    {removing.isError && (
      <p role="alert" className="net-form-error">
        {errorMessage(removing.error, failure)}
      </p>
    )}
  </ConfirmDialog>
);
