import { Button, Modal, TextField } from '@outpost/ui';
import type { ValidationResult } from '@outpost/validation';
import { useState, type FormEvent } from 'react';

/** The longest reason the API takes (libs/validation's requiredReasonSchema). */
const REASON_MAX_LENGTH = 500;

/** What the API refused, once sent: a reason's message goes back under its field, any other below. */
export type ReasonRefusal = { reason?: string; form?: string };

export type ReasonConfirmDialogProps = {
  title: string;
  description: string;
  /** Judges the request with the API's own schema before anything is sent. */
  check: (reason: string) => ValidationResult<{ reason: string }>;
  /** The form's button: it leads to the confirmation, not yet to the API. */
  submitLabel: string;
  /** The confirmation, quoting the reason given. */
  question: (reason: string) => string;
  confirmLabel: string;
  busy: boolean;
  busyLabel?: string;
  /** Sends it; an answer that refuses it is shown here (a dialog that closes itself answers nothing). */
  onConfirm: (reason: string) => Promise<ReasonRefusal | void> | void;
  onClose: () => void;
};

/**
 * An action that ends a ban everywhere (an unban, an early lift) asks why, then asks once more:
 * the reason is required, in the API's own words, and Back keeps it.
 */
export const ReasonConfirmDialog = ({
  title,
  description,
  check,
  submitLabel,
  question,
  confirmLabel,
  busy,
  busyLabel,
  onConfirm,
  onClose,
}: ReasonConfirmDialogProps) => {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  /** The reason given, waiting for its confirmation. */
  const [confirming, setConfirming] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const judged = check(reason);
    if (!judged.success) {
      setError(judged.details.find((detail) => detail.field === 'reason')?.message ?? judged.error);
      return;
    }
    setError(null);
    setRefused(null);
    setConfirming(judged.data.reason);
  };

  const confirm = async (given: string) => {
    setRefused(null);
    const refusal = await onConfirm(given);
    if (!refusal) return;
    if (refusal.reason) {
      setError(refusal.reason);
      setConfirming(null);
    } else {
      setRefused(refusal.form ?? null);
    }
  };

  return (
    <Modal open onClose={onClose} dismissible={!busy} size="sm" title={title} description={description}>
      {confirming === null ? (
        <form className="pl-form" onSubmit={submit} noValidate>
          <TextField
            label="Reason"
            value={reason}
            required
            maxLength={REASON_MAX_LENGTH}
            error={error ?? undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="pl-form__actions">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit">{submitLabel}</Button>
          </div>
        </form>
      ) : (
        <div className="pl-form">
          <p className="pl-confirm" role="alert">
            {question(confirming)}
          </p>
          {refused && (
            <p className="pl-error" role="alert">
              {refused}
            </p>
          )}
          <div className="pl-form__actions">
            <Button variant="secondary" onClick={() => setConfirming(null)} disabled={busy}>
              Back
            </Button>
            <Button busy={busy} busyLabel={busyLabel} onClick={() => void confirm(confirming)}>
              {confirmLabel}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
};
