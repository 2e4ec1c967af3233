import { LOG_PAGE_DEFAULT } from '@outpost/contracts';
import { validateRequest } from './issues';
import { decodeLogCursor, encodeLogCursor, networkLogsQuerySchema, serverLogsQuerySchema } from './logs';
import { MESSAGES } from './messages';

const cursor = encodeLogCursor({
  at: new Date('2026-11-25T10:00:00.000Z'),
  id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
});

describe('log cursors', () => {
  it('decode what they encode, and nothing else', () => {
    expect(decodeLogCursor(cursor)).toEqual({
      at: new Date('2026-11-25T10:00:00.000Z'),
      id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
    });
    for (const bad of ['', 'x', '!!!', btoa('12.'), btoa('abc.def'), 'a'.repeat(300)])
      expect(decodeLogCursor(bad)).toBeNull();
  });
});

describe('serverLogsQuerySchema', () => {
  it('defaults to every type and 50 entries; reads types, times and the cursor', () => {
    expect(serverLogsQuerySchema.parse({})).toEqual({ limit: LOG_PAGE_DEFAULT });
    expect(
      serverLogsQuerySchema.parse({
        types: 'chat, kill,chat',
        search: ' Rai ',
        from: '2026-11-25T09:00:00Z',
        to: '2026-11-25T10:00:00Z',
        before: cursor,
        limit: '200',
      }),
    ).toEqual({
      types: ['chat', 'kill'],
      search: 'Rai',
      from: new Date('2026-11-25T09:00:00Z'),
      to: new Date('2026-11-25T10:00:00Z'),
      before: decodeLogCursor(cursor),
      limit: 200,
    });
  });

  it.each([
    [{ types: 'chat,shout' }, 'types', MESSAGES.logsTypes],
    [{ types: ',' }, 'types', MESSAGES.logsTypes],
    [{ before: 'not-a-cursor' }, 'before', MESSAGES.logsCursor],
    [{ limit: '0' }, 'limit', MESSAGES.logsLimit],
    [{ limit: '201' }, 'limit', MESSAGES.logsLimit],
    [{ from: 'yesterday' }, 'from', MESSAGES.logsFrom],
    [{ to: '2026-13-01' }, 'to', MESSAGES.logsTo],
    [{ from: '2026-11-25T10:00:00Z', to: '2026-11-25T09:00:00Z' }, 'from', MESSAGES.logsRange],
    [{ search: 's'.repeat(101) }, 'search', MESSAGES.searchTooLong],
  ])('refuses %j with the field', (query, field, message) => {
    expect(validateRequest(serverLogsQuerySchema, query)).toEqual({
      success: false,
      error: message,
      details: [{ field, message }],
    });
  });

  it('takes a server on the network route only', () => {
    expect(networkLogsQuerySchema.parse({ serverId: 's1' })).toEqual({ serverId: 's1', limit: 50 });
    expect(serverLogsQuerySchema.parse({ serverId: 's1' })).toEqual({ limit: 50 });
  });
});
