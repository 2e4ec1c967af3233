// GET /api/networks/:id/logs, and new lines as the live stream reads them.
import type { CreateServerResponse, LogsResponse } from '@outpost/contracts';
import { MESSAGES } from '@outpost/validation';
import { ACTORS, MATRIX, agentOf, expectStatus, type Crew } from './support/crew';
import {
  BOB,
  allPages,
  at,
  canViewIp,
  createLogsWorld,
  lastEventId,
  readAs,
  sendEvents,
  type Agent,
} from './support/logs-world';
import { pluginCall } from './support/plugin';
import { DomainEvents, type ServerEventsStoredEvent } from '../src/core/events';
import { LogEntriesQuery, withoutIp } from '../src/modules/logs/log-entries';
import type { TestApp } from './support';

describe('logs API: a network', () => {
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
    ({ t, crew, other, main, east, theirs } = await createLogsWorld());
  });
  afterAll(() => t.close());

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
        await pluginCall(t, east.token, 'events', { events: [{ id: lastEventId(), ...batch[1] }] });
      } finally {
        off();
      }
      expect(announced).toEqual([
        { networkId: crew.network.id, serverId: east.id, ids: expect.any(Array), events: expect.any(Array) },
      ]);
      // The event carries the stored events themselves, one per id.
      expect(announced[0]!.events.map((event) => event.id)).toEqual(announced[0]!.ids);
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
