import { errorsOf, type ErrorTable } from '../../core/http';

export const COMMAND_ERRORS = {
  /** An unknown command id, or one of another server (which learns nothing about it). */
  notFound: { code: 'NOT_FOUND', message: 'Command not found' },
} as const satisfies ErrorTable;

export type CommandErrorCode = keyof typeof COMMAND_ERRORS;
export const commandErrors = errorsOf(COMMAND_ERRORS);
