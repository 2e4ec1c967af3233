import { CONSOLE_COMMANDS_PER_MINUTE } from '@outpost/contracts';
import { errorsOf, type ErrorTable } from '../../core/http';

export const CONSOLE_ERRORS = {
  /** More console commands in a minute than a person types (CONSOLE_RATE_LIMIT). */
  rateLimited: {
    code: 'RATE_LIMITED',
    message: `Too many console commands: at most ${CONSOLE_COMMANDS_PER_MINUTE} a minute`,
  },
} as const satisfies ErrorTable;

export type ConsoleErrorCode = keyof typeof CONSOLE_ERRORS;
export const consoleErrors = errorsOf(CONSOLE_ERRORS);
