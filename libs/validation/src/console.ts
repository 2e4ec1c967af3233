// POST /api/servers/{id}/console and the console's input line: a command as the game's console
// takes it. GET .../console: a page of its history, newest first.
import { CONSOLE_COMMAND_MAX_LENGTH, CONSOLE_PAGE_DEFAULT, CONSOLE_PAGE_MAX } from '@outpost/contracts';
import { z } from 'zod';
import { MESSAGES } from './messages';
import { absentWhenEmpty, queryNumber } from './requests';
import { first, text } from './text';

/** One line: a line break would run a second command; PostgreSQL refuses NUL in text. */
const ONE_LINE = /^[^\u0000\r\n\u2028\u2029]*$/;

/** One line, then trimmed (spaces around a command mean nothing to the game): 1 to 500 characters. */
export const consoleCommandTextSchema = text(MESSAGES.consoleCommandRequired)
  .regex(ONE_LINE, first(MESSAGES.consoleCommandOneLine))
  .trim()
  .min(1, first(MESSAGES.consoleCommandRequired))
  .max(CONSOLE_COMMAND_MAX_LENGTH, first(MESSAGES.consoleCommandTooLong));

export const runConsoleCommandSchema = z.strictObject({ command: consoleCommandTextSchema });

/** Unknown query keys are ignored (caches and tools add their own). */
export const consoleQuerySchema = z.object({
  before: absentWhenEmpty(z.iso.datetime({ offset: true, error: MESSAGES.consoleBefore }).optional()),
  limit: queryNumber(1, CONSOLE_PAGE_MAX, MESSAGES.consoleLimit, CONSOLE_PAGE_DEFAULT),
});

export type RunConsoleCommandInput = z.output<typeof runConsoleCommandSchema>;
export type ConsoleQueryInput = z.output<typeof consoleQuerySchema>;
