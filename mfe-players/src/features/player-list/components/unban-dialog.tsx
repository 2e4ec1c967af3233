import { unbanSchema, validateRequest } from '@outpost/validation';
import { ReasonConfirmDialog } from '../../../shared/components/reason-confirm-dialog';

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
export const UnbanDialog = ({ playerName, serverId, busy, onSubmit, onClose }: UnbanDialogProps) => (
  <ReasonConfirmDialog
    title={`Unban ${playerName}`}
    description="The ban ends on every server of the network: each server that held it gets an unban. The reason is recorded in the audit log."
    check={(reason) => validateRequest(unbanSchema, { serverId, reason })}
    submitLabel="Unban Player"
    question={(reason) => `Unban ${playerName} on every server of the network? Reason: “${reason}”.`}
    confirmLabel="Confirm Unban"
    busy={busy}
    onConfirm={onSubmit}
    onClose={onClose}
  />
);
