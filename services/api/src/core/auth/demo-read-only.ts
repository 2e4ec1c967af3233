import type { Request } from 'express';
import { isApiPath, pathOf } from '../http';
import { authErrors } from './auth.errors';
import type { AuthUser } from './auth-user';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * DESIGN section 2: the demo user may look at everything and change nothing. Checked once for the
 * whole product API (by the AccessGuard), so no route can forget it.
 */
export const assertDemoMayCall = (user: AuthUser, request: Request): void => {
  if (!user.isDemo || READS.has(request.method) || !isApiPath(pathOf(request.originalUrl))) return;
  throw authErrors.demoReadOnly();
};
