import type { PlayersListResponse, Server } from '@outpost/contracts';
import { HeartbeatService } from '../src/modules/plugin/heartbeat.service';
import { SteadyHeartbeats } from '../src/modules/servers/steady-heartbeats';
import { PreparedStatement } from '../src/core/database/prepared-statement';
import { parseServerToken } from '../src/modules/servers/server-token';
import { PluginClock } from '../src/modules/plugin/plugin-clock';
import { OfflineSweepService } from '../src/modules/plugin/offline-sweep.service';
import { countRows, createNetwork, createWorld, expectStatus, type Crew } from './support/crew';
import { addServer, heartbeat, pluginCall, steamIdOf } from './support/plugin';
import type { TestApp } from './support';

describe('plugin API: heartbeats and the offline sweep', () => {
  let t: TestApp;
  let crew: Crew;
  let other: Crew;
  beforeAll(async () => {
    ({ t, crew, other } = await createWorld());
    // These tests move the plugin clock; the sweep reads it too and would end their sessions.
    await t.app.get(OfflineSweepService).onModuleDestroy();
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const serverOf = async (id: string) =>
    (expectStatus(await crew.owner.agent.get(`/api/servers/${id}`), 200).body as { data: Server }).data;

  describe('POST /api/plugin/v1/heartbeat', () => {
    it('refuses a missing, malformed or rotated token with 401 and needs no API key', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Auth');
      const body = { maxPlayers: 10, players: [] };
      expect((await t.http.post('/api/plugin/v1/heartbeat').send(body)).status).toBe(401);
      expect((await pluginCall(t, 'opsrv_nope', 'heartbeat', body)).status).toBe(401);
      expect((await pluginCall(t, server.token, 'heartbeat', body)).status).toBe(200);
      // The same roster again: a steady heartbeat, whose token the statement storing it checks.
      expect((await pluginCall(t, server.token, 'heartbeat', body)).status).toBe(200);
      const stored = (await serverOf(server.id)).lastSeenAt;
      const forged = `${server.token.slice(0, server.token.lastIndexOf('_'))}_${'A'.repeat(43)}`;
      expect((await pluginCall(t, forged, 'heartbeat', body)).status).toBe(401);
      expectStatus(await crew.owner.agent.post(`/api/servers/${server.id}/token`), 200);
      expect((await pluginCall(t, server.token, 'heartbeat', body)).status).toBe(401);
      expect((await serverOf(server.id)).lastSeenAt).toBe(stored);
    });

    it("refuses a settled server's token once the server is deleted", async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Gone');
      const body = { maxPlayers: 10, players: [] };
      for (let i = 0; i < 2; i += 1)
        expect((await pluginCall(t, server.token, 'heartbeat', body)).status).toBe(200);
      expectStatus(await crew.owner.agent.delete(`/api/servers/${server.id}`), 200);
      expect((await pluginCall(t, server.token, 'heartbeat', body)).status).toBe(401);
    });

    it("answers a settled server's rotated token 401 before looking at the body", async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Rotated');
      const body = { maxPlayers: 10, players: [] };
      for (let i = 0; i < 2; i += 1)
        expect((await pluginCall(t, server.token, 'heartbeat', body)).status).toBe(200);
      expectStatus(await crew.owner.agent.post(`/api/servers/${server.id}/token`), 200);
      expect((await pluginCall(t, server.token, 'heartbeat', { players: 'none' })).status).toBe(401);
    });

    it('sets the server online with the reported fields and upserts its players', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'State');
      const players = [
        { steamId: steamIdOf(1), name: 'Rex', ip: '198.51.100.1', connectedSeconds: 120 },
        { steamId: steamIdOf(2), name: 'Ada', ip: '198.51.100.2' },
      ];
      await heartbeat(t, server.token, players, { hostname: 'EU Main | Weekly', uptimeSeconds: 99 });
      expect(await serverOf(server.id)).toMatchObject({
        status: 'online',
        playerCount: 2,
        maxPlayers: 100,
        map: 'Procedural Map',
        actualName: 'EU Main | Weekly',
        uptime: 99,
      });
      await heartbeat(t, server.token, players);
      expect(await countRows(t, 'players', { network_id: crew.network.id, status: 'online' })).toBe(2);
      expect(await countRows(t, 'player_sessions', { server_id: server.id })).toBe(2);

      await heartbeat(t, server.token, [players[0]], { starting: true });
      expect(await serverOf(server.id)).toMatchObject({ status: 'starting', playerCount: 1 });
      expect(await countRows(t, 'players', { steam_id: steamIdOf(2), status: 'offline' })).toBe(1);
    });

    it('a repeated heartbeat only moves lastSeen, every 30 s; a new name, address or group is stored', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Steady');
      const rex = { steamId: steamIdOf(30), name: 'Rex', ip: '198.51.100.30', groups: ['default'] };
      const ada = { steamId: steamIdOf(31), name: 'Ada', ip: '198.51.100.31' };
      const playerOf = async (steamId: string) => {
        const res = await crew.owner.agent
          .get('/api/players')
          .query({ networkId: crew.network.id, search: steamId });
        return (expectStatus(res, 200).body as { data: PlayersListResponse }).data.players[0];
      };
      const clock = t.app.get(PluginClock);
      const start = Date.now();
      jest.spyOn(clock, 'now').mockReturnValue(new Date(start));
      await heartbeat(t, server.token, [rex, ada]);

      jest.spyOn(clock, 'now').mockReturnValue(new Date(start + 60_000));
      await heartbeat(t, server.token, [rex, ada]);
      for (const steamId of [rex.steamId, ada.steamId])
        expect(await playerOf(steamId)).toMatchObject({
          lastSeen: new Date(start + 60_000).toISOString(),
          status: 'online',
          totalSessions: 1,
        });
      expect(await countRows(t, 'player_sessions', { server_id: server.id })).toBe(2);
      // Kept to LAST_SEEN_REFRESH_MS: the next heartbeat, 10 s on, writes nothing for them.
      jest.spyOn(clock, 'now').mockReturnValue(new Date(start + 70_000));
      await heartbeat(t, server.token, [rex, ada]);
      expect((await playerOf(rex.steamId)).lastSeen).toBe(new Date(start + 60_000).toISOString());

      jest.spyOn(clock, 'now').mockReturnValue(new Date(start + 120_000));
      await heartbeat(t, server.token, [
        { ...rex, name: 'Rexy', groups: ['default', 'Admin'] },
        { ...ada, ip: '198.51.100.99' },
      ]);
      expect(await playerOf(rex.steamId)).toMatchObject({
        displayName: 'Rexy',
        isAdmin: true,
        lastSeen: new Date(start + 120_000).toISOString(),
        totalSessions: 1,
      });
      expect(await playerOf(ada.steamId)).toMatchObject({ totalSessions: 1 });
      const [adaRow] = (await (t.orm.em as unknown as { getKnex(): import('@mikro-orm/knex').Knex })
        .getKnex()('players')
        .where({ steam_id: ada.steamId })
        .select('id', 'last_ip')) as { id: string; last_ip: string }[];
      expect(adaRow.last_ip).toBe('198.51.100.99');
      expect(await countRows(t, 'player_ips', { player_id: adaRow.id })).toBe(2);
      expect(await countRows(t, 'player_sessions', { server_id: server.id, left_at: null })).toBe(2);

      // Ada leaves: last seen at the heartbeat that still listed her.
      jest.spyOn(clock, 'now').mockReturnValue(new Date(start + 130_000));
      await heartbeat(t, server.token, [{ ...rex, name: 'Rexy', groups: ['default', 'Admin'] }]);
      expect(await playerOf(ada.steamId)).toMatchObject({
        status: 'offline',
        lastSeen: new Date(start + 120_000).toISOString(),
      });
    });

    it('an unchanged heartbeat still stores the server state and delivers what was queued for it', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Settled');
      const rex = { steamId: steamIdOf(40), name: 'Rex', ip: '198.51.100.40' };
      const clock = t.app.get(PluginClock);
      const start = Date.now();
      jest.spyOn(clock, 'now').mockReturnValue(new Date(start));
      await heartbeat(t, server.token, [rex]);

      jest.spyOn(clock, 'now').mockReturnValue(new Date(start + 10_000));
      expect(await heartbeat(t, server.token, [rex], { maxPlayers: 150, uptimeSeconds: 610 })).toEqual([]);
      expect(await serverOf(server.id)).toMatchObject({
        status: 'online',
        playerCount: 1,
        maxPlayers: 150,
        uptime: 610,
        lastSeenAt: new Date(start + 10_000).toISOString(),
      });

      const kick = expectStatus(
        await crew.owner.agent.post(`/api/players/${rex.steamId}/kick`).send({ serverId: server.id }),
        201,
      ).body.data as { commandId: string };
      jest.spyOn(clock, 'now').mockReturnValue(new Date(start + 20_000));
      expect(await heartbeat(t, server.token, [rex])).toEqual([
        expect.objectContaining({ id: kick.commandId, type: 'kick', steamId: rex.steamId }),
      ]);
      expect(await countRows(t, 'player_sessions', { server_id: server.id, left_at: null })).toBe(1);
    });

    it('a heartbeat reporting the same players within 30 s skips them; a new name, address or group does not', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Quick');
      const rex = { steamId: steamIdOf(50), name: 'Rex', ip: '198.51.100.50', groups: ['default'] };
      const full = jest.spyOn(
        t.app.get(HeartbeatService) as unknown as { fullHeartbeat: () => unknown },
        'fullHeartbeat',
      );
      const clock = t.app.get(PluginClock);
      const start = Date.now();
      const at = (seconds: number) =>
        jest.spyOn(clock, 'now').mockReturnValue(new Date(start + seconds * 1000));
      const listed = async () =>
        (
          expectStatus(
            await crew.owner.agent
              .get('/api/players')
              .query({ networkId: crew.network.id, search: rex.steamId }),
            200,
          ).body as { data: PlayersListResponse }
        ).data.players[0];
      at(0);
      await heartbeat(t, server.token, [rex]);
      at(5);
      await heartbeat(t, server.token, [rex]);
      expect(full).toHaveBeenCalledTimes(1);

      const changes = [{ name: 'Rexy' }, { ip: '198.51.100.51' }, { groups: ['default', 'vip'] }];
      let reported = rex;
      for (const [index, change] of changes.entries()) {
        at(10 + index * 5);
        reported = { ...reported, ...change };
        await heartbeat(t, server.token, [reported]);
        expect(full).toHaveBeenCalledTimes(2 + index);
      }
      expect(await listed()).toMatchObject({ displayName: 'Rexy', status: 'online' });
      const [row] = (await (t.orm.em as unknown as { getKnex(): import('@mikro-orm/knex').Knex })
        .getKnex()('players')
        .where({ steam_id: rex.steamId })
        .select('last_ip', 'groups')) as { last_ip: string; groups: string }[];
      expect(row.last_ip).toBe('198.51.100.51');
      expect(JSON.parse(row.groups)).toEqual(['default', 'vip']);
    });

    it('stores steady heartbeats that arrive together, each answered for its own server', async () => {
      const group = await createNetwork(crew.owner, 'Together');
      const servers = [];
      for (let i = 0; i < 5; i += 1) servers.push(await addServer(crew.owner, group.id, `Together ${i}`));
      const playerOf = (i: number) => ({ steamId: steamIdOf(3000 + i), name: `Mate ${i}` });
      for (const [i, server] of servers.entries()) await heartbeat(t, server.token, [playerOf(i)]);
      const steady = jest.spyOn(t.app.get(SteadyHeartbeats), 'store');
      const kick = expectStatus(
        await crew.owner.agent
          .post(`/api/players/${playerOf(2).steamId}/kick`)
          .send({ serverId: servers[2].id }),
        201,
      ).body.data as { commandId: string };
      // Every server at once, the first one twice: its second heartbeat waits for the next statement.
      const answers = await Promise.all(
        [...servers, servers[0]].map((server, i) =>
          heartbeat(t, server.token, [playerOf(i % servers.length)], { uptimeSeconds: 100 + i }),
        ),
      );
      expect(steady).toHaveBeenCalledTimes(6);
      expect(answers.map((commands) => commands.map((command) => command.id))).toEqual([
        [],
        [],
        [kick.commandId],
        [],
        [],
        [],
      ]);
      for (const [i, server] of servers.entries())
        expect((await serverOf(server.id)).uptime).toBe(i === 0 ? 105 : 100 + i);
    });

    it('a steady heartbeat whose statement fails fails alone; the others it was grouped with are stored', async () => {
      const group = await createNetwork(crew.owner, 'Apart');
      const [good, bad] = [
        await addServer(crew.owner, group.id, 'Good'),
        await addServer(crew.owner, group.id, 'Bad'),
      ];
      for (const server of [good, bad]) await heartbeat(t, server.token, []);
      const badToken = parseServerToken(bad.token)!;
      const store = PreparedStatement.prototype.rows;
      const rows = jest.spyOn(PreparedStatement.prototype, 'rows').mockImplementation(function (
        this: PreparedStatement<unknown>,
        em,
        values,
      ) {
        if (values.includes(badToken.tokenId)) return Promise.reject(new Error('refused'));
        return store.call(this, em, values);
      });
      const steady = t.app.get(SteadyHeartbeats);
      const state = (token: string) => ({
        token: parseServerToken(token)!,
        status: 'online' as const,
        playerCount: 0,
        maxPlayers: 50,
        map: null,
        actualName: null,
        uptime: 4321,
        at: new Date(),
      });
      // Both in one turn of the event loop: one statement for both, which fails; then one each.
      const [forGood, forBad] = await Promise.allSettled([
        steady.store(state(good.token)),
        steady.store(state(bad.token)),
      ]);
      expect(forGood).toEqual({ status: 'fulfilled', value: true });
      expect(forBad).toEqual({ status: 'rejected', reason: new Error('refused') });
      expect(rows).toHaveBeenCalledTimes(3);
      expect(await serverOf(good.id)).toMatchObject({ status: 'online', uptime: 4321, maxPlayers: 50 });
    });

    it("server A's token only acts on server A", async () => {
      const a = await addServer(crew.owner, crew.network.id, 'A');
      const b = await addServer(other.owner, other.network.id, 'B');
      await heartbeat(t, a.token, [{ steamId: steamIdOf(50), name: 'Solo' }]);
      expect((await serverOf(a.id)).status).toBe('online');
      const bNow = (await other.owner.agent.get(`/api/servers/${b.id}`)).body.data as Server;
      expect(bNow.status).toBe('offline');
      expect(await countRows(t, 'players', { network_id: other.network.id })).toBe(0);
    });

    it('answers 400 naming an unknown field and stores nothing', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Strict');
      const res = await pluginCall(t, server.token, 'heartbeat', {
        maxPlayers: 10,
        players: [{ steamId: steamIdOf(60), name: 'X', admin: true }],
      });
      expectStatus(res, 400);
      expect(JSON.stringify(res.body)).toMatch(/admin/);
      expect((await serverOf(server.id)).status).toBe('offline');
      expect(await countRows(t, 'players', { steam_id: steamIdOf(60) })).toBe(0);
    });

    it('answers 400 for a steamId listed twice and stores nothing, before and after its roster settled', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Twice');
      const ada = { steamId: steamIdOf(61), name: 'Ada' };
      const twice = { maxPlayers: 10, players: [ada, { ...ada, name: 'Ada again' }] };
      const refused = {
        success: false,
        error: 'players lists a steamId twice',
        code: 'VALIDATION_FAILED',
        details: [{ field: 'players', message: 'players lists a steamId twice' }],
      };
      expect(expectStatus(await pluginCall(t, server.token, 'heartbeat', twice), 400).body).toMatchObject(
        refused,
      );
      expect((await serverOf(server.id)).status).toBe('offline');
      expect(await countRows(t, 'players', { steam_id: ada.steamId })).toBe(0);

      const full = jest.spyOn(
        t.app.get(HeartbeatService) as unknown as { fullHeartbeat: () => unknown },
        'fullHeartbeat',
      );
      await heartbeat(t, server.token, [ada]);
      expect(expectStatus(await pluginCall(t, server.token, 'heartbeat', twice), 400).body).toMatchObject(
        refused,
      );
      // The settled roster still holds: the next heartbeat of it is a steady one.
      await heartbeat(t, server.token, [ada]);
      expect(full).toHaveBeenCalledTimes(1);
      expect(await countRows(t, 'players', { steam_id: ada.steamId, display_name: 'Ada' })).toBe(1);
    });

    it('takes the full path for the same players in another order, or another player in one’s place', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Shuffled');
      const [ada, rex, kai] = [62, 63, 64].map((n) => ({ steamId: steamIdOf(n), name: `P${n}` }));
      const full = jest.spyOn(
        t.app.get(HeartbeatService) as unknown as { fullHeartbeat: () => unknown },
        'fullHeartbeat',
      );
      await heartbeat(t, server.token, [ada, rex]);
      await heartbeat(t, server.token, [ada, rex]);
      expect(full).toHaveBeenCalledTimes(1);
      await heartbeat(t, server.token, [rex, ada]);
      expect(full).toHaveBeenCalledTimes(2);
      await heartbeat(t, server.token, [rex, kai]);
      expect(full).toHaveBeenCalledTimes(3);
      expect(await countRows(t, 'players', { steam_id: ada.steamId, status: 'offline' })).toBe(1);
      expect(await countRows(t, 'players', { steam_id: kai.steamId, status: 'online' })).toBe(1);
    });

    it('reads its JSON as any route does: a byte order mark dropped, malformed or non-object JSON a 400', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Raw');
      const raw = (body: string, type = 'application/json') =>
        t.http
          .post('/api/plugin/v1/heartbeat')
          .set('Authorization', `Bearer ${server.token}`)
          .set('Content-Type', type)
          .send(body);
      const valid = JSON.stringify({ maxPlayers: 10, players: [{ steamId: steamIdOf(70), name: 'Bom' }] });
      expectStatus(await raw(`\ufeff${valid}`), 200);
      expectStatus(await raw(valid, 'application/json; charset=utf-8'), 200);
      expect((await serverOf(server.id)).playerCount).toBe(1);
      for (const body of ['{"maxPlayers": 10,', '"text"', ' 10', '\ufeff\ufeff{}']) {
        const res = await raw(body);
        expectStatus(res, 400);
        expect(res.body).toEqual({
          success: false,
          error: 'The request body is not valid JSON',
          code: 'VALIDATION_FAILED',
        });
      }
    });

    it('takes 1000 players and answers 413 above 256 KB', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Big');
      const many = Array.from({ length: 1000 }, (_, i) => ({
        steamId: steamIdOf(10_000 + i),
        name: `Player ${i}`,
        ip: `10.0.${i % 250}.${i % 200}`,
        ping: 50,
        position: { x: 1000.5, y: 20.25, z: -300.75 },
        connectedSeconds: 3600,
      }));
      await heartbeat(t, server.token, many);
      expect((await serverOf(server.id)).playerCount).toBe(1000);
      const res = await pluginCall(t, server.token, 'heartbeat', {
        maxPlayers: 10,
        players: [],
        hostname: 'x'.repeat(300 * 1024),
      });
      expectStatus(res, 413);
    });
  });
});
