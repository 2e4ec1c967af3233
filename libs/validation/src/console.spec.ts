import { CONSOLE_COMMAND_MAX_LENGTH } from '@outpost/contracts';
import { consoleQuerySchema, runConsoleCommandSchema } from './console';
import { validateRequest } from './issues';
import { MESSAGES } from './messages';

const run = (body: unknown) => validateRequest(runConsoleCommandSchema, body);

describe('runConsoleCommandSchema', () => {
  it('takes one line of 1 to 500 characters, trimmed', () => {
    expect(run({ command: '  say hello  ' })).toEqual({ success: true, data: { command: 'say hello' } });
    const longest = 'x'.repeat(CONSOLE_COMMAND_MAX_LENGTH);
    expect(run({ command: longest })).toEqual({ success: true, data: { command: longest } });
  });

  it.each([
    [{}, MESSAGES.consoleCommandRequired],
    [{ command: '' }, MESSAGES.consoleCommandRequired],
    [{ command: '   ' }, MESSAGES.consoleCommandRequired],
    [{ command: 42 }, MESSAGES.consoleCommandRequired],
    [{ command: 'x'.repeat(CONSOLE_COMMAND_MAX_LENGTH + 1) }, MESSAGES.consoleCommandTooLong],
    [{ command: 'say a\u0000b' }, MESSAGES.consoleCommandOneLine],
    [{ command: 'say a\nquit' }, MESSAGES.consoleCommandOneLine],
    [{ command: 'say a\rquit' }, MESSAGES.consoleCommandOneLine],
    [{ command: 'status\n' }, MESSAGES.consoleCommandOneLine],
  ])('refuses body %# with the field command', (body, message) => {
    expect(run(body)).toEqual({ success: false, error: message, details: [{ field: 'command', message }] });
  });

  it('names an unknown field', () => {
    expect(run({ command: 'status', as: 'root' })).toMatchObject({
      success: false,
      details: [{ field: 'as', message: MESSAGES.unknownField('as') }],
    });
  });
});

describe('consoleQuerySchema', () => {
  it('defaults to 100 entries from now, and takes an ISO time and a limit up to 500', () => {
    expect(consoleQuerySchema.parse({})).toEqual({ limit: 100 });
    expect(consoleQuerySchema.parse({ before: '2026-11-25T10:00:00.000Z', limit: '500' })).toEqual({
      before: '2026-11-25T10:00:00.000Z',
      limit: 500,
    });
  });

  it.each([
    [{ limit: '0' }, 'limit', MESSAGES.consoleLimit],
    [{ limit: '501' }, 'limit', MESSAGES.consoleLimit],
    [{ before: 'yesterday' }, 'before', MESSAGES.consoleBefore],
  ])('refuses %j', (query, field, message) => {
    expect(validateRequest(consoleQuerySchema, query)).toEqual({
      success: false,
      error: message,
      details: [{ field, message }],
    });
  });
});
