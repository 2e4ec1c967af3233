import { errorsOf, type ErrorTable } from '../../core/http';

export const PLAYER_ERRORS = {
  /** An unknown player, or one of another network. */
  notFound: { code: 'NOT_FOUND', message: 'Player not found' },
  /** An unknown note, or one of another player or network. */
  noteNotFound: { code: 'NOT_FOUND', message: 'Note not found' },
} as const satisfies ErrorTable;

export type PlayerErrorCode = keyof typeof PLAYER_ERRORS;
export const playerErrors = errorsOf(PLAYER_ERRORS);
