import { selectAuthStatus, useAppSelector } from '@outpost/api-client';
import { can, type Role } from '@outpost/contracts';

/**
 * The admin-actions flag of spec section 6: kick, warn, ban, and editing or lifting a ban, for
 * owners, admins and moderators (players.moderate). The demo user is read-only whatever its role
 * (the API refuses its writes too).
 */
export const useCanModerate = (role: Role | null | undefined): boolean => {
  const demo = useAppSelector(selectAuthStatus) === 'demo';
  return can(role, 'players.moderate') && !demo;
};

/**
 * What the player actions look like to the viewer: shown to those who may moderate, and, for the
 * demo user (an admin of the demo network), shown disabled as read-only rather than hidden.
 */
export const useModerationView = (role: Role | null | undefined): { shows: boolean; readOnly: boolean } => {
  const demo = useAppSelector(selectAuthStatus) === 'demo';
  return { shows: can(role, 'players.moderate'), readOnly: demo };
};
