import { MESSAGES } from '@outpost/validation';
import { errorsOf, type ErrorTable } from '../../core/http';

export const PUNISHMENT_ERRORS = {
  /** An unknown punishment, or one of another network (the route guard's 404). */
  notFound: { code: 'NOT_FOUND', message: 'Punishment not found' },
  onlyBansEditable: { code: 'VALIDATION_FAILED', message: 'Only a ban can be edited or lifted' },
  banNotActive: { code: 'CONFLICT', message: 'This ban no longer holds (it expired or was lifted)' },
  /** reportId names no report of the server's network. */
  unknownReport: { code: 'VALIDATION_FAILED', message: MESSAGES.reportId, field: 'reportId' },
  /** A kick or warn for a player who is not on that server now. */
  notOnServer: {
    code: 'CONFLICT',
    message: ({ player, server }: { player: string; server: string }) => `${player} is not on ${server}`,
  },
  notBanned: { code: 'CONFLICT', message: 'This player is not banned' },
} as const satisfies ErrorTable;

export type PunishmentErrorCode = keyof typeof PUNISHMENT_ERRORS;
export const punishmentErrors = errorsOf(PUNISHMENT_ERRORS);
