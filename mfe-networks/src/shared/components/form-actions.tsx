import { Button, type ButtonVariant } from '@outpost/ui';
import type { ReactNode } from 'react';

export type FormActionsProps = {
  onCancel: () => void;
  /** The submit button's text, e.g. "Create Network". */
  submitLabel: ReactNode;
  /** Shown while the call runs, e.g. "Creating...". */
  busyLabel: string;
  busy: boolean;
  disabled?: boolean;
  variant?: ButtonVariant;
  /** Why the last submit failed, shown above the buttons. */
  error?: string | null;
};

/** The failure of the last submit, then Cancel and submit; both buttons stop while the call runs. */
export const FormActions = ({
  onCancel,
  submitLabel,
  busyLabel,
  busy,
  disabled,
  variant,
  error,
}: FormActionsProps) => (
  <>
    {error && (
      <p role="alert" className="net-form-error">
        {error}
      </p>
    )}
    <div className="net-dialog-actions">
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" variant={variant} disabled={disabled} busy={busy} busyLabel={busyLabel}>
        {submitLabel}
      </Button>
    </div>
  </>
);
