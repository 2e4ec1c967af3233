import { errorsOf, type ErrorTable } from '../../core/http';

export const RCON_ERRORS = {
  notSet: { code: 'NOT_FOUND', message: 'This server has no RCON connection set' },
  /** The panel's own RCON connection calling for a server deleted since it connected. */
  serverGone: { code: 'UNAUTHORIZED', message: 'The server no longer exists' },
} as const satisfies ErrorTable;

export type RconErrorCode = keyof typeof RCON_ERRORS;
export const rconErrors = errorsOf(RCON_ERRORS);
