import { selectAuthStatus, useAppSelector } from '@outpost/api-client';
import { can, type Role } from '@outpost/contracts';

/**
 * What the player actions of spec section 6 (kick, warn, ban, and editing or lifting a ban) look
 * like to the viewer: shown to those who may moderate (players.moderate), and, for the demo user
 * (an admin of the demo network), shown disabled as read-only rather than hidden (the API refuses
 * its writes too).
 */
export const useModerationView = (role: Role | null | undefined): { shows: boolean; readOnly: boolean } => {
  const demo = useAppSelector(selectAuthStatus) === 'demo';
  return { shows: can(role, 'players.moderate'), readOnly: demo };
};
