import type { PunishmentItem } from '@outpost/contracts';
import { Button, Modal, TextField, useToast } from '@outpost/ui';
import { useState, type FormEvent } from 'react';
import { apiErrorText, apiFieldErrors } from '../../../shared/utils/api-error';
import { useLiftPunishmentMutation } from '../api/punishments.api';
import { REASON_MAX_LENGTH } from './edit-ban-dialog';

export type LiftBanDialogProps = { punishment: PunishmentItem; onClose: () => void };

/** Ends a ban early, with an optional reason: POST /api/punishments/{id}/lift. */
export const LiftBanDialog = ({ punishment, onClose }: LiftBanDialogProps) => {
  const [reason, setReason] = useState('');
  const [lift, { isLoading, error }] = useLiftPunishmentMutation();
  const toast = useToast();
  const name = punishment.player.name ?? punishment.player.steamId;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      // No reason: the API records its own default.
      await lift({ punishment, reason: reason.trim() || undefined }).unwrap();
      toast.show({ tone: 'success', message: `The ban of ${name} was lifted.` });
      onClose();
    } catch {
      // Shown below from the mutation's error.
    }
  };

  const reasonError = apiFieldErrors(error).reason;
  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!isLoading}
      size="sm"
      title="Lift ban"
      description={`${name} can join again at once: every server the ban reached gets an unban.`}
    >
      <form className="pl-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="Reason (optional)"
          value={reason}
          maxLength={REASON_MAX_LENGTH}
          error={reasonError}
          onChange={(event) => setReason(event.target.value)}
        />
        {error && !reasonError && (
          <p className="pl-error" role="alert">
            {apiErrorText(error, 'Lifting the ban failed')}
          </p>
        )}
        <div className="pl-form__actions">
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={isLoading} busyLabel="Lifting…">
            Lift ban
          </Button>
        </div>
      </form>
    </Modal>
  );
};
