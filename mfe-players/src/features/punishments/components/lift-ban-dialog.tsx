import type { PunishmentItem } from '@outpost/contracts';
import { useToast } from '@outpost/ui';
import { liftPunishmentSchema, validateRequest } from '@outpost/validation';
import { ReasonConfirmDialog } from '../../../shared/components/reason-confirm-dialog';
import { apiErrorText, apiFieldErrors } from '../../../shared/utils/api-error';
import { useLiftPunishmentMutation } from '../api/punishments.api';

export type LiftBanDialogProps = { punishment: PunishmentItem; onClose: () => void };

/**
 * Ends a ban early (POST /api/punishments/{id}/lift) as an unban does: it asks why, then asks once
 * more; the reason goes with the unban to every server the ban reached and into the audit log.
 */
export const LiftBanDialog = ({ punishment, onClose }: LiftBanDialogProps) => {
  const [lift, { isLoading }] = useLiftPunishmentMutation();
  const toast = useToast();
  const name = punishment.player.name ?? punishment.player.steamId;

  const send = async (reason: string) => {
    try {
      await lift({ punishment, reason }).unwrap();
    } catch (error) {
      return {
        reason: apiFieldErrors(error).reason,
        form: apiErrorText(error, 'Lifting the ban failed'),
      };
    }
    toast.show({ tone: 'success', message: `The ban of ${name} was lifted.` });
    onClose();
  };

  return (
    <ReasonConfirmDialog
      title="Lift ban"
      description={`${name} can join again at once: every server the ban reached gets an unban. The reason is recorded in the audit log.`}
      check={(reason) => validateRequest(liftPunishmentSchema, { reason })}
      submitLabel="Lift ban"
      question={(reason) => `Lift the ban of ${name} on every server it reached? Reason: “${reason}”.`}
      confirmLabel="Confirm lift"
      busy={isLoading}
      busyLabel="Lifting…"
      onConfirm={send}
      onClose={onClose}
    />
  );
};
