import {
  LOG_PAGE_DEFAULT,
  LOG_TYPES,
  type CreateServerResponse,
  type LogEntry,
  type LogsResponse,
} from '@outpost/contracts';
import { MESSAGES, decodeLogCursor, encodeLogCursor } from '@outpost/validation';
import {
  ACTORS,
  MATRIX,
  agentOf,
  countRows,
  createWorld,
  expectStatus,
  statusesFor,
  type Actor,
  type Crew,
} from './support/crew';
import { addServer, heartbeat, pluginCall, steamIdOf } from './support/plugin';
import { DomainEvents, type ServerEventsStoredEvent } from '../src/core/events';
import { LogEntriesQuery, withoutIp } from '../src/modules/logs/log-entries';
import type { TestApp } from './support';

/** Whether an actor reads a connect line's IP (players.viewIp), from the one matrix. */
const canViewIp = (actor: Actor) => statusesFor('players.viewIp')[actor] === 200;

const ADA = steamIdOf(1);
const BOB = steamIdOf(2);
/** Never in a heartbeat: the network knows no name for them but what their events said. */
const CLEO = steamIdOf(3);
const NOBODY = steamIdOf(9);

/** Whole seconds, an hour ago: well inside the retention. */
const T0 = Math.floor((Date.now() - 60 * 60_000) / 1000) * 1000;
const at = (ms: number) => new Date(T0 + ms).toISOString();

let sequence = 0;
/** Posts events as the server's plugin; each gets a fresh id. */
const sendEvents = async (t: TestApp, token: string, events: Record<string, unknown>[]) =>
  expectStatus(
    await pluginCall(t, token, 'events', {
      events: events.map((event) => ({ id: `evt-${++sequence}`, ...event })),
    }),
    200,
  );

type Agent = Crew['owner']['agent'];
const readAs = async (agent: Agent, path: string, query = ''): Promise<LogsResponse> =>
  expectStatus(await agent.get(`${path}${query ? `?${query}` : ''}`), 200).body.data as LogsResponse;

/** Every page of a query, following nextCursor. */
const allPages = async (agent: Agent, path: string, query: string): Promise<LogsResponse[]> => {
  const pages: LogsResponse[] = [];
  let before: string | null = null;
  do {
    const page = await readAs(agent, path, `${query}${before ? `&before=${before}` : ''}`);
    pages.push(page);
    before = page.nextCursor;
  } while (before && pages.length < 50);
  return pages;
};

const newestFirst = (a: LogEntry, b: LogEntry) =>
  b.at.localeCompare(a.at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

describe('logs API', () => {
  let t: TestApp;
  let crew: Crew;
  let other: Crew;
  let main: CreateServerResponse;
  let east: CreateServerResponse;
  let theirs: CreateServerResponse;
  const serverPath = (id: string) => `/api/servers/${id}/logs`;
  const networkPath = () => `/api/networks/${crew.network.id}/logs`;
  const read = (path: string, query = '', agent: Agent = crew.owner.agent) => readAs(agent, path, query);

  beforeAll(async () => {
    ({ t, crew, other } = await createWorld());
    main = await addServer(crew.owner, crew.network.id, 'EU Main');
    east = await addServer(crew.owner, crew.network.id, 'US East');
    theirs = await addServer(other.owner, other.network.id, 'Theirs');
    await heartbeat(t, main.token, [
      { steamId: ADA, name: 'Ada' },
      { steamId: BOB, name: 'Bob_Builder' },
    ]);
    await sendEvents(t, main.token, [
      { type: 'connect', at: at(1_000), steamId: ADA, name: 'Ada', ip: '203.0.113.7' },
      { type: 'connect', at: at(2_000), steamId: CLEO, name: 'Cleo' },
      { type: 'chat', at: at(3_000), steamId: ADA, name: 'AdaOld', message: 'Anyone selling Sulfur?' },
      { type: 'chat', at: at(4_000), steamId: BOB, channel: 'team', message: 'discount 100% off' },
      { type: 'chat', at: at(5_000), steamId: CLEO, message: 'discount 1000 off' },
      {
        type: 'kill',
        at: at(6_000),
        killerSteamId: ADA,
        victimSteamId: NOBODY,
        weapon: 'rifle.ak',
        distance: 87.5,
        headshot: true,
      },
      {
        type: 'report',
        at: at(7_000),
        reporterSteamId: BOB,
        targetSteamId: ADA,
        subject: 'Cheating',
        message: 'aimbot a_b',
      },
      { type: 'disconnect', at: at(8_000), steamId: CLEO, reason: 'Disconnected' },
      { type: 'console', at: at(9_000), level: 'warning', message: 'Saved 41,201 ents axb' },
      { type: 'log', at: at(10_000), message: 'Oxide plugin loaded' },
    ]);
    await sendEvents(t, east.token, [
      { type: 'chat', at: at(2_500), steamId: BOB, message: 'hello from the east' },
    ]);
    await sendEvents(t, theirs.token, [
      { type: 'chat', at: at(3_500), steamId: ADA, message: 'not yours Sulfur' },
    ]);
  });
  afterAll(() => t.close());

  describe('GET /api/servers/:id/logs', () => {
    it.each(ACTORS)(
      'answers %s as the role matrix says: every member reads, IPs only for moderators and staff',
      async (actor) => {
        const res = await agentOf(t, crew, actor).get(serverPath(main.id));
        expectStatus(res, MATRIX.read[actor]);
        if (actor === 'outsider')
          expect(res.body).toEqual({ success: false, error: 'Server not found', code: 'NOT_FOUND' });
        if (actor === 'anonymous') expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
        if (res.status !== 200) return;
        const { entries } = res.body.data as LogsResponse;
        expect(entries).toHaveLength(10);
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

  describe('GET /api/networks/:id/logs', () => {
    it.each(ACTORS)('answers %s as the role matrix says', async (actor) => {
      const res = await agentOf(t, crew, actor).get(`${networkPath()}?types=connect&serverId=${main.id}`);
      expectStatus(res, MATRIX.read[actor]);
      if (actor === 'outsider')
        expect(res.body).toEqual({ success: false, error: 'Network not found', code: 'NOT_FOUND' });
      if (res.status !== 200) return;
      const { entries } = res.body.data as LogsResponse;
      expect(entries.map((entry) => entry.type === 'connect' && entry.ip)).toEqual(
        canViewIp(actor) ? [undefined, '203.0.113.7'] : [undefined, undefined],
      );
    });

    it("merges the network's servers, each line naming its server, and none of another network's", async () => {
      const { entries } = await read(networkPath(), `search=${encodeURIComponent('sulfur')}`);
      expect(entries.map((entry) => [entry.serverName, entry.at])).toEqual([['EU Main', at(3_000)]]);
      const window = await read(networkPath(), `from=${at(2_000)}&to=${at(3_000)}`);
      expect(window.entries.map((entry) => [entry.serverName, entry.serverId, entry.at])).toEqual([
        ['EU Main', main.id, at(3_000)],
        ['US East', east.id, at(2_500)],
        ['EU Main', main.id, at(2_000)],
      ]);
    });

    it('filters by serverId, and answers 404 for a server that is not one of the network', async () => {
      const { entries } = await read(networkPath(), `serverId=${east.id}`);
      expect(entries.map((entry) => [entry.serverName, entry.type])).toEqual([['US East', 'chat']]);
      for (const serverId of [theirs.id, 'no-such-server']) {
        const res = expectStatus(await crew.owner.agent.get(`${networkPath()}?serverId=${serverId}`), 404);
        expect(res.body).toEqual({ success: false, error: 'Server not found', code: 'NOT_FOUND' });
      }
      // Their own network's server, read through their network: fine.
      expect(
        (await read(`/api/networks/${other.network.id}/logs`, `serverId=${theirs.id}`, other.owner.agent))
          .entries,
      ).toHaveLength(1);
    });

    it('pages the merged timeline back with nextCursor', async () => {
      const all = (await read(networkPath(), 'limit=200')).entries;
      const pages = await allPages(crew.owner.agent, networkPath(), 'limit=4');
      expect(pages.flatMap((page) => page.entries)).toEqual(all);
      expect(all.map((entry) => entry.serverName)).toEqual(expect.arrayContaining(['EU Main', 'US East']));
    });

    it.each([
      ['types=kills', 'types', MESSAGES.logsTypes],
      ['limit=201', 'limit', MESSAGES.logsLimit],
      ['before=%%%', 'before', MESSAGES.logsCursor],
      [`from=${at(5_000)}&to=${at(4_000)}`, 'from', MESSAGES.logsRange],
    ])('answers 400 for %s, naming the field', async (query, field, message) => {
      const res = expectStatus(await crew.owner.agent.get(`${networkPath()}?${query}`), 400);
      expect(res.body.details).toContainEqual({ field, message });
    });
  });

  describe('new lines, as the live stream reads them', () => {
    it('announces the stored ids once per batch, and reads them back as lines with the IP', async () => {
      const announced: ServerEventsStoredEvent[] = [];
      const off = t.app.get(DomainEvents).on('server.eventsStored', (event) => {
        announced.push(event);
      });
      try {
        const batch = [
          { type: 'connect', at: at(40_000), steamId: BOB, name: 'Bobby', ip: '198.51.100.4' },
          { type: 'chat', at: at(40_001), steamId: BOB, message: 'live line' },
        ];
        await sendEvents(t, east.token, batch);
        // A retried batch stores nothing and announces nothing.
        await pluginCall(t, east.token, 'events', { events: [{ id: `evt-${sequence}`, ...batch[1] }] });
      } finally {
        off();
      }
      expect(announced).toEqual([{ networkId: crew.network.id, serverId: east.id, ids: expect.any(Array) }]);
      const query = t.app.get(LogEntriesQuery);
      const entries = await query.entriesOf(east.id, announced[0]!.ids);
      const base = {
        serverId: east.id,
        serverName: 'US East',
        player: { steamId: BOB, name: 'Bob_Builder' },
      };
      expect(entries).toEqual([
        {
          ...base,
          id: expect.any(String),
          type: 'chat',
          at: at(40_001),
          channel: 'global',
          message: 'live line',
        },
        { ...base, id: expect.any(String), type: 'connect', at: at(40_000), ip: '198.51.100.4' },
      ]);
      expect(new Set(entries.map((entry) => entry.id))).toEqual(new Set(announced[0]!.ids));
      // The same lines as the route gives the owner; a member's copy has no IP.
      const owner = await read(serverPath(east.id), `from=${at(40_000)}`);
      expect(owner.entries).toEqual(entries);
      const member = await read(serverPath(east.id), `from=${at(40_000)}`, crew.member.agent);
      expect(member.entries).toEqual(entries.map(withoutIp));
      expect(member.entries[1]).not.toHaveProperty('ip');
      // Ids of another server are not read through this one.
      expect(await query.entriesOf(main.id, announced[0]!.ids)).toEqual([]);
    });
  });
});
