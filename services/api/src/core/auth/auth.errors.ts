import { DEMO_READ_ONLY_MESSAGE } from '@outpost/contracts';
import { errorsOf, type ErrorTable } from '../http';

/** The guard's refusals before any route runs: no session, or the demo user writing. */
export const AUTH_ERRORS = {
  authenticationRequired: { code: 'UNAUTHORIZED', message: 'Authentication required' },
  demoReadOnly: { code: 'DEMO_READ_ONLY', message: DEMO_READ_ONLY_MESSAGE },
} as const satisfies ErrorTable;

export type AuthErrorCode = keyof typeof AUTH_ERRORS;
export const authErrors = errorsOf(AUTH_ERRORS);
