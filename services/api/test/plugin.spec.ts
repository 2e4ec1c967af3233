import type { PlayerProfile } from '@outpost/contracts';
import { PLUGIN_RATE_LIMIT } from '../src/modules/plugin/plugin-auth.guard';
import { countRows, createWorld, expectStatus, type Crew } from './support/crew';
import { documentedBody } from './support/openapi';
import { addServer, heartbeat, pluginCall, steamIdOf } from './support/plugin';
import type { TestApp } from './support';

describe('plugin API: events, command results and their documentation', () => {
  let t: TestApp;
  let crew: Crew;
  let other: Crew;
  beforeAll(async () => {
    ({ t, crew, other } = await createWorld());
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  describe('POST /api/plugin/v1/events', () => {
    it('stores a batch once, however often it is retried, and kills update the totals', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Events');
      const [killer, victim] = [steamIdOf(70), steamIdOf(71)];
      await heartbeat(t, server.token, [
        { steamId: killer, name: 'Killer' },
        { steamId: victim, name: 'Victim' },
      ]);
      const at = new Date().toISOString();
      const events = [
        {
          id: 'k1',
          type: 'kill',
          at,
          killerSteamId: killer,
          victimSteamId: victim,
          weapon: 'AK-47',
          headshot: true,
        },
        { id: 'c1', type: 'chat', at, steamId: killer, message: 'gg' },
        { id: 'l1', type: 'console', at, message: 'saved' },
      ];
      const first = expectStatus(await pluginCall(t, server.token, 'events', { events }), 200);
      expect(first.body.data).toEqual({ accepted: 3, duplicates: 0 });
      const again = expectStatus(await pluginCall(t, server.token, 'events', { events }), 200);
      expect(again.body.data).toEqual({ accepted: 0, duplicates: 3 });
      expect(await countRows(t, 'server_events', { server_id: server.id })).toBe(3);
      expect(await countRows(t, 'players', { steam_id: killer, total_kills: 1, headshots: 1 })).toBe(1);
      expect(await countRows(t, 'players', { steam_id: victim, total_deaths: 1 })).toBe(1);
    });

    it('stores a batch sent twice at the same instant once, and answers both', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Twice');
      const at = new Date().toISOString();
      const batch = {
        events: Array.from({ length: 20 }, (_, i) => ({
          id: `twice-${i}`,
          type: 'log',
          at,
          message: `line ${i}`,
        })),
      };
      const answers = await Promise.all([
        pluginCall(t, server.token, 'events', batch),
        pluginCall(t, server.token, 'events', batch),
      ]);
      expect(answers.map((res) => res.status)).toEqual([200, 200]);
      const counts = answers.map(
        (res) => (res.body as { data: { accepted: number; duplicates: number } }).data,
      );
      expect(counts.reduce((sum, count) => sum + count.accepted, 0)).toBe(20);
      expect(counts.reduce((sum, count) => sum + count.duplicates, 0)).toBe(20);
      expect(await countRows(t, 'server_events', { server_id: server.id })).toBe(20);
    });

    const profileOf = async (steamId: string) =>
      (
        expectStatus(
          await crew.owner.agent.get(`/api/players/${steamId}`).query({ networkId: crew.network.id }),
          200,
        ).body as { data: PlayerProfile }
      ).data;

    it("stores connect, disconnect, report and kill events (with the kill's distance) for the profiles", async () => {
      const players = {
        ada: { steamId: steamIdOf(72), name: 'Ada' },
        bob: { steamId: steamIdOf(73), name: 'Bob' },
      };
      const server = await addServer(crew.owner, crew.network.id, 'Arena');
      await heartbeat(t, server.token, Object.values(players));
      const [ada, bob] = [players.ada.steamId, players.bob.steamId];
      const at = (second: number) => new Date(Date.now() - (60 - second) * 1000).toISOString();
      const events = [
        { id: 'a1', type: 'connect', at: at(0), steamId: ada, name: 'Ada', ip: '198.51.100.72' },
        {
          id: 'a2',
          type: 'kill',
          at: at(10),
          killerSteamId: ada,
          victimSteamId: bob,
          weapon: 'AK-47',
          distance: 87.6,
        },
        { id: 'a3', type: 'report', at: at(20), reporterSteamId: bob, targetSteamId: ada, message: 'aimbot' },
        { id: 'a4', type: 'disconnect', at: at(30), steamId: ada, reason: 'Disconnected' },
      ];
      const res = expectStatus(await pluginCall(t, server.token, 'events', { events }), 200);
      expect(res.body.data).toEqual({ accepted: 4, duplicates: 0 });
      expect((await profileOf(ada)).activity.map(({ type, description }) => [type, description])).toEqual([
        ['disconnect', 'Left Arena'],
        ['report', 'Reported by Bob: aimbot'],
        ['kill', 'Killed Bob with an AK-47 at 88 m'],
        ['connect', 'Joined Arena'],
      ]);
      expect((await profileOf(bob)).activity.map(({ type, description }) => [type, description])).toEqual([
        ['report', 'Reported Ada: aimbot'],
        ['death', 'Killed by Ada with an AK-47 at 88 m'],
      ]);
      for (const type of ['connect', 'disconnect', 'report', 'kill'])
        expect(await countRows(t, 'server_events', { server_id: server.id, type })).toBe(1);
    });

    it("stores what server A's token sends for server A only; the same event id from B is B's own", async () => {
      const a = await addServer(crew.owner, crew.network.id, 'Teller A');
      const b = await addServer(other.owner, other.network.id, 'Teller B');
      const cy = steamIdOf(74);
      await heartbeat(t, a.token, [{ steamId: cy, name: 'Cy' }]);
      const chat = { id: 'same', type: 'chat', at: new Date().toISOString(), steamId: cy, message: 'from A' };
      expect(expectStatus(await pluginCall(t, a.token, 'events', { events: [chat] }), 200).body.data).toEqual(
        {
          accepted: 1,
          duplicates: 0,
        },
      );
      expect(await countRows(t, 'server_events', { server_id: a.id, network_id: crew.network.id })).toBe(1);
      expect(await countRows(t, 'server_events', { server_id: b.id })).toBe(0);
      expect(await countRows(t, 'server_events', { network_id: other.network.id })).toBe(0);
      expect((await profileOf(cy)).chat).toEqual([
        expect.objectContaining({ serverId: a.id, serverName: 'Teller A', message: 'from A' }),
      ]);

      const fromB = { ...chat, message: 'from B' };
      expect(
        expectStatus(await pluginCall(t, b.token, 'events', { events: [fromB] }), 200).body.data,
      ).toEqual({
        accepted: 1,
        duplicates: 0,
      });
      expect(await countRows(t, 'server_events', { server_id: b.id, network_id: other.network.id })).toBe(1);
      expect((await profileOf(cy)).chat.map((message) => message.message)).toEqual(['from A']);
    });

    it('answers 413 to a batch above 256 KB and stores none of it', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Loud');
      const at = new Date().toISOString();
      const lines = (count: number) =>
        Array.from({ length: count }, (_, i) => ({
          id: `loud-${i}`,
          type: 'log',
          at,
          message: 'x'.repeat(3000),
        }));
      const res = await pluginCall(t, server.token, 'events', { events: lines(100) });
      expectStatus(res, 413);
      expect(res.body).toEqual({
        success: false,
        error: 'The request body is too large',
        code: 'PAYLOAD_TOO_LARGE',
      });
      expect(await countRows(t, 'server_events', { server_id: server.id })).toBe(0);
      // Half of it fits.
      expect(
        expectStatus(await pluginCall(t, server.token, 'events', { events: lines(50) }), 200).body.data,
      ).toEqual({
        accepted: 50,
        duplicates: 0,
      });
    });

    it('answers 400 for an unknown event type and for unknown fields', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Bad events');
      const at = new Date().toISOString();
      expectStatus(
        await pluginCall(t, server.token, 'events', { events: [{ id: '1', type: 'dance', at }] }),
        400,
      );
      const res = await pluginCall(t, server.token, 'events', {
        events: [{ id: '1', type: 'chat', at, steamId: steamIdOf(1), message: 'x', color: 'red' }],
      });
      expectStatus(res, 400);
      expect(JSON.stringify(res.body)).toMatch(/color/);
      expect(await countRows(t, 'server_events', { server_id: server.id })).toBe(0);
    });
  });

  describe('POST /api/plugin/v1/commands/:id/result', () => {
    it("answers 404 for an unknown command and for another server's, which it leaves alone", async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Results');
      expectStatus(await pluginCall(t, server.token, 'commands/nope/result', { ok: true }), 404);
      expectStatus(await pluginCall(t, server.token, 'commands/nope/result', { ok: 'yes' }), 400);

      // A kick queued for server B, delivered to B, then reported with server A's token.
      const b = await addServer(crew.owner, crew.network.id, 'Results B');
      const rex = { steamId: steamIdOf(75), name: 'Rex' };
      await heartbeat(t, b.token, [rex]);
      const { commandId } = expectStatus(
        await crew.owner.agent.post(`/api/players/${rex.steamId}/kick`).send({ serverId: b.id }),
        201,
      ).body.data as { commandId: string };
      expect(await heartbeat(t, b.token, [rex])).toEqual([expect.objectContaining({ id: commandId })]);
      const res = await pluginCall(t, server.token, `commands/${commandId}/result`, {
        ok: false,
        output: 'No such player',
      });
      expectStatus(res, 404);
      expect(res.body).toEqual({ success: false, error: 'Command not found', code: 'NOT_FOUND' });
      expect(
        await countRows(t, 'plugin_commands', {
          id: commandId,
          status: 'delivered',
          output: null,
          completed_at: null,
        }),
      ).toBe(1);
      // B still gets it, and its own report counts.
      expect(await heartbeat(t, b.token, [rex])).toEqual([expect.objectContaining({ id: commandId })]);
      expect(
        expectStatus(await pluginCall(t, b.token, `commands/${commandId}/result`, { ok: true }), 200).body
          .data,
      ).toEqual({ id: commandId, status: 'succeeded' });
    });

    it('rate-limits a token with 429 and Retry-After', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Chatty');
      let last = 0;
      let retryAfter: string | undefined;
      for (let i = 0; i <= PLUGIN_RATE_LIMIT.requests; i += 1) {
        const res = await pluginCall(t, server.token, 'commands/none/result', { ok: true });
        last = res.status;
        retryAfter = res.headers['retry-after'] as string | undefined;
      }
      expect(last).toBe(429);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    });
  });

  describe('GET /api/docs-json', () => {
    it('documents each plugin body with its fields, the required ones and an example', async () => {
      const heartbeatBody = await documentedBody(t, 'post', '/api/plugin/v1/heartbeat');
      expect(heartbeatBody).toMatchObject({
        type: 'object',
        required: ['maxPlayers', 'players'],
        additionalProperties: false,
        properties: { players: { type: 'array', maxItems: 1000 }, maxPlayers: { type: 'integer' } },
        example: { maxPlayers: 100 },
      });
      expect(Object.keys(heartbeatBody.properties ?? {})).toEqual(
        expect.arrayContaining(['hostname', 'map', 'worldSize', 'seed', 'fps', 'uptimeSeconds', 'starting']),
      );
      expect(heartbeatBody.properties?.players.items).toMatchObject({
        required: ['steamId', 'name'],
        additionalProperties: false,
        properties: {
          steamId: { type: 'string', pattern: '^\\d{5,20}$' },
          groups: { type: 'array', maxItems: 20 },
        },
      });

      const eventsBody = await documentedBody(t, 'post', '/api/plugin/v1/events');
      expect(eventsBody).toMatchObject({
        required: ['events'],
        properties: { events: { type: 'array', minItems: 1, maxItems: 500 } },
        example: { events: expect.any(Array) },
      });
      const kinds = (eventsBody.properties?.events.items?.oneOf ?? []).map((kind) => [
        kind.properties?.type.enum,
        kind.required,
      ]);
      expect(kinds).toEqual([
        [['connect'], ['id', 'at', 'type', 'steamId']],
        [['disconnect'], ['id', 'at', 'type', 'steamId']],
        [['chat'], ['id', 'at', 'type', 'steamId', 'message']],
        [['kill'], ['id', 'at', 'type', 'killerSteamId', 'victimSteamId']],
        [['report'], ['id', 'at', 'type', 'reporterSteamId', 'targetSteamId', 'message']],
        [
          ['log', 'console'],
          ['id', 'at', 'type', 'message'],
        ],
        [['violation'], ['id', 'at', 'type', 'steamId', 'kind', 'message']],
      ]);

      expect(await documentedBody(t, 'post', '/api/plugin/v1/commands/{id}/result')).toMatchObject({
        required: ['ok'],
        additionalProperties: false,
        properties: { ok: { type: 'boolean' }, output: { type: 'string', maxLength: 10_000 } },
        example: { ok: true },
      });
    });
  });
});
