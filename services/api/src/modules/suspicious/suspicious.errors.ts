import { errorsOf, type ErrorTable } from '../../core/http';

export const SUSPICIOUS_ERRORS = {
  /** A steamId the network has never seen. */
  playerNotFound: { code: 'NOT_FOUND', message: 'Player not found' },
} as const satisfies ErrorTable;

export const suspiciousErrors = errorsOf(SUSPICIOUS_ERRORS);
