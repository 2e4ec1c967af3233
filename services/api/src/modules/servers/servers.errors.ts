import { errorsOf, type ErrorTable } from '../../core/http';

export const SERVER_ERRORS = {
  /** An unknown server, or one of a network the caller is not in: the same 404. */
  notFound: { code: 'NOT_FOUND', message: 'Server not found' },
} as const satisfies ErrorTable;

export type ServerErrorCode = keyof typeof SERVER_ERRORS;
export const serverErrors = errorsOf(SERVER_ERRORS);
