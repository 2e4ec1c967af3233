import { selectAuthStatus, selectCurrentUser, useAppSelector } from '@outpost/api-client';
import type { GuardAuth } from './route-guard';

/** The auth state in the shape the route guard reads. */
export const useGuardAuth = (): GuardAuth => {
  const status = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectCurrentUser);
  switch (status) {
    case 'loading':
      return { status: 'loading' };
    case 'failed':
      return { status: 'failed' };
    case 'signed-in':
    case 'demo':
      return user ? { status: 'signed-in', name: user.name } : { status: 'loading' };
    default:
      return { status: 'signed-out' };
  }
};
