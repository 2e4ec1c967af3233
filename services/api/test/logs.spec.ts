// GET /api/servers/:id/logs (the network's route and the live stream's reading: logs-network.spec.ts).
import {
  can,
  isRole,
  LOG_PAGE_DEFAULT,
  LOG_TYPES,
  type CreateServerResponse,
  type LogsResponse,
} from '@outpost/contracts';
import { MESSAGES, decodeLogCursor, encodeLogCursor } from '@outpost/validation';
import { ACTORS, MATRIX, agentOf, countRows, expectStatus, type Crew } from './support/crew';
import {
  ADA,
  BOB,
  CLEO,
  NOBODY,
  allPages,
  at,
  canViewIp,
  createLogsWorld,
  newestFirst,
  readAs,
  sendEvents,
  type Agent,
} from './support/logs-world';
import { addServer } from './support/plugin';
import { LogEntriesQuery } from '../src/modules/logs/log-entries';
import type { TestApp } from './support';

describe('logs API: a server', () => {
  let t: TestApp;
  let crew: Crew;
  let main: CreateServerResponse;
  let theirs: CreateServerResponse;
  const serverPath = (id: string) => `/api/servers/${id}/logs`;
  const networkPath = () => `/api/networks/${crew.network.id}/logs`;
  const read = (path: string, query = '', agent: Agent = crew.owner.agent) => readAs(agent, path, query);

  beforeAll(async () => {
    ({ t, crew, main, theirs } = await createLogsWorld());
  });
  afterAll(() => t.close());

  describe('GET /api/servers/:id/logs', () => {
    it.each(ACTORS)(
      'answers %s as the role matrix says: every member reads, IPs and console lines only for moderators and staff',
      async (actor) => {
        const res = await agentOf(t, crew, actor).get(serverPath(main.id));
        expectStatus(res, MATRIX.read[actor]);
        if (actor === 'outsider')
          expect(res.body).toEqual({ success: false, error: 'Server not found', code: 'NOT_FOUND' });
        if (actor === 'anonymous') expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
        if (res.status !== 200) return;
        const { entries } = res.body.data as LogsResponse;
        // The demo user is a plain member of this network.
        const readsConsole = isRole(actor) && can(actor, 'console.read');
        expect(entries).toHaveLength(readsConsole ? 10 : 9);
        expect(entries.some((entry) => entry.type === 'console')).toBe(readsConsole);
        const consoleOnly = expectStatus(
          await agentOf(t, crew, actor).get(`${serverPath(main.id)}?types=console`),
          200,
        ).body.data as LogsResponse;
        expect(consoleOnly.entries).toHaveLength(readsConsole ? 1 : 0);
        const connect = entries.find((entry) => entry.type === 'connect' && entry.player.steamId === ADA);
        if (canViewIp(actor)) expect(connect).toMatchObject({ ip: '203.0.113.7' });
        else expect(connect).not.toHaveProperty('ip');
      },
    );

    it("answers 404 for an unknown server and for another network's", async () => {
      const unknown = expectStatus(await crew.owner.agent.get(serverPath('no-such-server')), 404);
      expect(unknown.body).toEqual({ success: false, error: 'Server not found', code: 'NOT_FOUND' });
      expectStatus(await crew.owner.agent.get(serverPath(theirs.id)), 404);
    });

    it('shows every kind of line, newest first, with the names the network knows and the server', async () => {
      const { entries, nextCursor } = await read(serverPath(main.id));
      expect(nextCursor).toBeNull();
      expect(entries.map((entry) => entry.at)).toEqual(
        [10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((second) => at(second * 1000)),
      );
      const base = { serverId: main.id, serverName: 'EU Main', id: expect.any(String) };
      expect(entries).toEqual([
        { ...base, type: 'log', at: at(10_000), level: 'info', message: 'Oxide plugin loaded' },
        { ...base, type: 'console', at: at(9_000), level: 'warning', message: 'Saved 41,201 ents axb' },
        {
          ...base,
          type: 'disconnect',
          at: at(8_000),
          // Cleo's disconnect carried no name, and the network never learned one.
          player: { steamId: CLEO, name: null },
          reason: 'Disconnected',
        },
        {
          ...base,
          type: 'report',
          at: at(7_000),
          player: { steamId: BOB, name: 'Bob_Builder' },
          target: { steamId: ADA, name: 'Ada' },
          subject: 'Cheating',
          message: 'aimbot a_b',
        },
        {
          ...base,
          type: 'kill',
          at: at(6_000),
          player: { steamId: ADA, name: 'Ada' },
          target: { steamId: NOBODY, name: null },
          weapon: 'rifle.ak',
          distance: 87.5,
          headshot: true,
        },
        {
          ...base,
          type: 'chat',
          at: at(5_000),
          player: { steamId: CLEO, name: null },
          channel: 'global',
          message: 'discount 1000 off',
        },
        {
          ...base,
          type: 'chat',
          at: at(4_000),
          player: { steamId: BOB, name: 'Bob_Builder' },
          channel: 'team',
          message: 'discount 100% off',
        },
        // The network's name wins over the one the event carried.
        {
          ...base,
          type: 'chat',
          at: at(3_000),
          player: { steamId: ADA, name: 'Ada' },
          channel: 'global',
          message: 'Anyone selling Sulfur?',
        },
        // Not a player the network knows: the name the event carried.
        { ...base, type: 'connect', at: at(2_000), player: { steamId: CLEO, name: 'Cleo' } },
        { ...base, type: 'connect', at: at(1_000), player: { steamId: ADA, name: 'Ada' }, ip: '203.0.113.7' },
      ]);
    });

    it.each([
      ['chat', ['chat', 'chat', 'chat']],
      ['chat,kill', ['kill', 'chat', 'chat', 'chat']],
      [' connect , disconnect ', ['disconnect', 'connect', 'connect']],
      ['report,console,log', ['log', 'console', 'report']],
      [
        LOG_TYPES.join(','),
        ['log', 'console', 'disconnect', 'report', 'kill', 'chat', 'chat', 'chat', 'connect', 'connect'],
      ],
    ])('filters by types=%s', async (types, expected) => {
      const { entries } = await read(serverPath(main.id), `types=${encodeURIComponent(types)}`);
      expect(entries.map((entry) => entry.type)).toEqual(expected);
    });

    it.each([
      ['a name the network knows, any case', 'bob_BUILDER', [4, 7]],
      ['a name only the event carried', 'adaold', [3]],
      ['a name, for a line whose event named nobody', 'ADA', [1, 3, 6, 7]],
      ['a steamId, or part of one', CLEO.slice(-8), [2, 5, 8]],
      ['a message', 'sulfur', [3]],
      ['a weapon', 'rifle.ak', [6]],
      ['a subject', 'cheat', [7]],
      ['a reason', 'disconnected', [8]],
      ['% as itself', '100%', [4]],
      ['_ as itself', 'a_b', [7]],
      ['nothing by an IP', '203.0.113', []],
      ['nothing for an unknown word', 'zebra', []],
    ])('searches %s', async (_, search, seconds) => {
      const { entries } = await read(serverPath(main.id), `search=${encodeURIComponent(search)}`);
      expect(entries.map((entry) => entry.at)).toEqual(
        [...seconds].reverse().map((second) => at(second * 1000)),
      );
    });

    it('searches within a type filter and a time range, from and to included', async () => {
      const ranged = await read(serverPath(main.id), `from=${at(3_000)}&to=${at(6_000)}`);
      expect(ranged.entries.map((entry) => entry.at)).toEqual([6, 5, 4, 3].map((s) => at(s * 1000)));
      const both = await read(serverPath(main.id), `types=chat&search=DISCOUNT&from=${at(4_500)}`);
      expect(both.entries.map((entry) => entry.at)).toEqual([at(5_000)]);
      const offset = await read(
        serverPath(main.id),
        `to=${encodeURIComponent('2099-01-01T02:00:00+02:00')}&limit=1`,
      );
      expect(offset.entries.map((entry) => entry.at)).toEqual([at(10_000)]);
      // Empty values are absent ones (a form that sends every field).
      expect((await read(serverPath(main.id), 'types=&search=&from=&to=&before=')).entries).toHaveLength(10);
    });

    it.each([
      ['types=chat,joins', 'types', MESSAGES.logsTypes],
      ['before=not-a-cursor!', 'before', MESSAGES.logsCursor],
      [`before=${Buffer.from('yesterday.abc').toString('base64url')}`, 'before', MESSAGES.logsCursor],
      ['limit=0', 'limit', MESSAGES.logsLimit],
      ['limit=201', 'limit', MESSAGES.logsLimit],
      ['limit=ten', 'limit', MESSAGES.logsLimit],
      ['from=yesterday', 'from', MESSAGES.logsFrom],
      ['to=2026-13-01T00:00:00Z', 'to', MESSAGES.logsTo],
      [`from=${at(5_000)}&to=${at(4_000)}`, 'from', MESSAGES.logsRange],
      [`search=${'x'.repeat(101)}`, 'search', MESSAGES.searchTooLong],
    ])('answers 400 for %s, naming the field, and changes nothing', async (query, field, message) => {
      const rows = await countRows(t, 'server_events');
      const res = expectStatus(await crew.owner.agent.get(`${serverPath(main.id)}?${query}`), 400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', error: message });
      expect(res.body.details).toContainEqual({ field, message });
      expect(await countRows(t, 'server_events')).toBe(rows);
    });

    it('pages back with nextCursor, through lines of the very same millisecond, each line once', async () => {
      const paged = await addServer(crew.owner, crew.network.id, 'Paged');
      const sameMs = at(20_000);
      await sendEvents(t, paged.token, [
        ...Array.from({ length: 7 }, (_, i) => ({ type: 'log', at: sameMs, message: `same ${i}` })),
        ...Array.from({ length: 4 }, (_, i) => ({ type: 'log', at: at(19_000 + i), message: `before ${i}` })),
        { type: 'chat', at: sameMs, steamId: ADA, message: 'same chat' },
      ]);
      const all = (await read(serverPath(paged.id), 'limit=200')).entries;
      expect(all).toHaveLength(12);
      expect([...all].sort(newestFirst)).toEqual(all);

      for (const limit of [1, 2, 3, 5]) {
        const pages = await allPages(crew.owner.agent, serverPath(paged.id), `limit=${limit}`);
        expect(pages.flatMap((page) => page.entries)).toEqual(all);
        expect(pages.at(-1)!.nextCursor).toBeNull();
        expect(pages.slice(0, -1).every((page) => page.entries.length === limit)).toBe(true);
        const last = pages[0]!.entries.at(-1)!;
        if (pages.length > 1)
          expect(decodeLogCursor(pages[0]!.nextCursor!)).toEqual({ at: new Date(last.at), id: last.id });
      }
      // A page that ends exactly with the last line says there is no more.
      const exact = await read(serverPath(paged.id), 'limit=12');
      expect(exact.nextCursor).toBeNull();

      const filtered = await allPages(crew.owner.agent, serverPath(paged.id), 'limit=2&search=same');
      expect(filtered.flatMap((page) => page.entries).map((entry) => entry.id)).toEqual(
        all
          .filter((entry) => 'message' in entry && entry.message.startsWith('same'))
          .map((entry) => entry.id),
      );
    });

    it('answers the same pages when a search reads only a few newest lines first (PostgreSQL then walks on or asks the trigram indexes)', async () => {
      const query = t.app.get(LogEntriesQuery);
      const searches = [
        'search=ada',
        'search=discount&types=chat&limit=1',
        'search=A&types=chat,kill,report&limit=2',
        `search=${CLEO.slice(-8)}&types=connect,disconnect,chat&limit=1`,
        `search=${ADA}&limit=1`,
        `search=sulfur&from=${at(3_000)}&to=${at(9_000)}`,
        'search=zebra',
      ];
      const everyPage = () =>
        Promise.all(
          searches.flatMap((search) => [
            allPages(crew.owner.agent, serverPath(main.id), search),
            allPages(crew.owner.agent, networkPath(), search),
          ]),
        );
      const expected = await everyPage();
      expect(expected.flat().flatMap((page) => page.entries).length).toBeGreaterThan(20);
      const limits = query.searchLimits;
      try {
        for (const newestRows of [1, 2, 5])
          for (const indexMatches of [0, Infinity]) {
            // 0: a walk as far as the matches seem to need, then the indexes; Infinity: the indexes.
            query.searchLimits = { newestRows, indexMatches };
            expect(await everyPage()).toEqual(expected);
          }
      } finally {
        query.searchLimits = limits;
      }
    });

    it(`answers ${LOG_PAGE_DEFAULT} lines by default, and a cursor of the future reads from the newest`, async () => {
      const busy = await addServer(crew.owner, crew.network.id, 'Busy');
      await sendEvents(
        t,
        busy.token,
        Array.from({ length: LOG_PAGE_DEFAULT + 5 }, (_, i) => ({
          type: 'log',
          at: at(30_000 + i),
          message: `line ${i}`,
        })),
      );
      const first = await read(serverPath(busy.id));
      expect(first.entries).toHaveLength(LOG_PAGE_DEFAULT);
      const second = await read(serverPath(busy.id), `before=${first.nextCursor}`);
      expect(second).toMatchObject({ nextCursor: null });
      expect(second.entries).toHaveLength(5);
      const future = encodeLogCursor({ at: new Date('2099-01-01T00:00:00Z'), id: 'x' });
      expect((await read(serverPath(busy.id), `before=${future}&limit=1`)).entries[0]?.at).toBe(
        at(30_000 + LOG_PAGE_DEFAULT + 4),
      );
    });
  });
});
