import type { PunishmentItem } from '@outpost/contracts';
import { toLocalInput } from '@outpost/format';
import { Button, Modal, TextField, useToast } from '@outpost/ui';
import { PUNISHMENT_MESSAGES } from '@outpost/validation';
import { useState, type FormEvent } from 'react';
import { apiErrorText, apiFieldErrors } from '../../../shared/utils/api-error';
import { useUpdatePunishmentMutation } from '../api/punishments.api';

export const REASON_MAX_LENGTH = 500;
export const EXPIRY_REQUIRED = 'Choose when the ban ends, or make it permanent';

export type EditBanDialogProps = { punishment: PunishmentItem; onClose: () => void };

type Errors = { reason?: string; expiresAt?: string; form?: string };

/** A ban's reason and end (a date and time, or permanent): PATCH /api/punishments/{id}. */
export const EditBanDialog = ({ punishment, onClose }: EditBanDialogProps) => {
  const [reason, setReason] = useState(punishment.reason);
  const [permanent, setPermanent] = useState(punishment.expiresAt === null);
  const [expiry, setExpiry] = useState(toLocalInput(punishment.expiresAt));
  const [errors, setErrors] = useState<Errors>({});
  const [update, { isLoading }] = useUpdatePunishmentMutation();
  const toast = useToast();
  const name = punishment.player.name ?? punishment.player.steamId;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const end = new Date(expiry);
    const found: Errors = {
      ...(!reason.trim() && { reason: PUNISHMENT_MESSAGES.reasonRequired }),
      ...(!permanent && Number.isNaN(end.getTime()) && { expiresAt: EXPIRY_REQUIRED }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await update({
        punishment,
        changes: { reason: reason.trim(), expiresAt: permanent ? null : end.toISOString() },
      }).unwrap();
      toast.show({ tone: 'success', message: `The ban of ${name} was updated.` });
      onClose();
    } catch (error) {
      // A refused field (400) shows under it; anything else (a ban that ended meanwhile: 409) above the buttons.
      const { reason: reasonError, expiresAt, ...rest } = apiFieldErrors(error);
      const form =
        Object.values(rest)[0] ??
        (reasonError || expiresAt ? undefined : apiErrorText(error, 'Saving failed'));
      setErrors({ reason: reasonError, expiresAt, form });
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!isLoading}
      title="Edit ban"
      description={`${name}'s ban: the change reaches every server it holds on.`}
    >
      <form className="pl-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="Reason"
          value={reason}
          maxLength={REASON_MAX_LENGTH}
          error={errors.reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <TextField
          label="Expiry"
          type="datetime-local"
          value={permanent ? '' : expiry}
          disabled={permanent}
          error={errors.expiresAt}
          onChange={(event) => setExpiry(event.target.value)}
        />
        <label className="pl-check">
          <input
            type="checkbox"
            checked={permanent}
            onChange={(event) => setPermanent(event.target.checked)}
          />
          Permanent
        </label>
        {errors.form && (
          <p className="pl-error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="pl-form__actions">
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" busy={isLoading} busyLabel="Saving…">
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
};
