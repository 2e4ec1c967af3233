import { errorsOf, type ErrorTable } from '../http';

/** The access check's answers: a network the caller is not in is not found, a missing permission 403. */
export const ACCESS_ERRORS = {
  networkNotFound: { code: 'NOT_FOUND', message: 'Network not found' },
  forbidden: { code: 'FORBIDDEN', message: 'You do not have permission to do this' },
} as const satisfies ErrorTable;

export type AccessErrorCode = keyof typeof ACCESS_ERRORS;
export const accessErrors = errorsOf(ACCESS_ERRORS);
