import { errorsOf, type ErrorTable } from '../../core/http';

/** Saves of RCON settings one user may make per window (RCON_SETTINGS_RATE_LIMIT). */
export const RCON_SETTINGS_PER_WINDOW = 30;
export const RCON_SETTINGS_WINDOW_MINUTES = 10;

export const RCON_ERRORS = {
  notSet: { code: 'NOT_FOUND', message: 'This server has no RCON connection set' },
  /** More saves than setting up a server takes (RCON_SETTINGS_RATE_LIMIT). */
  rateLimited: {
    code: 'RATE_LIMITED',
    message: `Too many RCON settings saved: at most ${RCON_SETTINGS_PER_WINDOW} every ${RCON_SETTINGS_WINDOW_MINUTES} minutes`,
  },
  /** The panel's own RCON connection calling for a server deleted since it connected. */
  serverGone: { code: 'UNAUTHORIZED', message: 'The server no longer exists' },
} as const satisfies ErrorTable;

export type RconErrorCode = keyof typeof RCON_ERRORS;
export const rconErrors = errorsOf(RCON_ERRORS);
