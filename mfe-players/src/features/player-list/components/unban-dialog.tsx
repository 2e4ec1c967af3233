import { Button, Modal, TextField } from '@outpost/ui';
import { unbanSchema, validateRequest } from '@outpost/validation';
import { useState, type FormEvent } from 'react';

/** The longest reason the API takes (libs/validation's unban rule). */
const REASON_MAX_LENGTH = 500;

export type UnbanDialogProps = {
  playerName: string;
  /** Where the unban goes first (every server that held the ban gets one too). */
  serverId: string;
  busy: boolean;
  onSubmit: (reason: string) => void;
  onClose: () => void;
};

/**
 * Unban asks why, then asks once more: the ban ends on every server of the network, and the reason
 * goes to each of them and into the audit log. The reason is required, in the API's own words.
 */
export const UnbanDialog = ({ playerName, serverId, busy, onSubmit, onClose }: UnbanDialogProps) => {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The reason given, waiting for its confirmation. */
  const [confirming, setConfirming] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const judged = validateRequest(unbanSchema, { serverId, reason });
    if (!judged.success) {
      setError(judged.details.find((detail) => detail.field === 'reason')?.message ?? judged.error);
      return;
    }
    setError(null);
    setConfirming(judged.data.reason);
  };

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!busy}
      size="sm"
      title={`Unban ${playerName}`}
      description="The ban ends on every server of the network: each server that held it gets an unban. The reason is recorded in the audit log."
    >
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
            <Button type="submit">Unban Player</Button>
          </div>
        </form>
      ) : (
        <div className="pl-form">
          <p className="pl-confirm" role="alert">
            {`Unban ${playerName} on every server of the network? Reason: “${confirming}”.`}
          </p>
          <div className="pl-form__actions">
            <Button variant="secondary" onClick={() => setConfirming(null)} disabled={busy}>
              Back
            </Button>
            <Button busy={busy} onClick={() => onSubmit(confirming)}>
              Confirm Unban
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
};
