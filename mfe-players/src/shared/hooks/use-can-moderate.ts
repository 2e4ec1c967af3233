import { selectAuthStatus, useAppSelector } from '@outpost/api-client';
import { can, type Role } from '@outpost/contracts';

/**
 * The admin-actions flag of spec section 6: kick, warn and ban for owners and admins. The demo user
 * is read-only whatever its role (the API refuses its writes too).
 */
export const useCanModerate = (role: Role | null | undefined): boolean => {
  const demo = useAppSelector(selectAuthStatus) === 'demo';
  return can(role, 'players.moderate') && !demo;
};
