// Split from plugin-heartbeat.spec.ts: what happens to a server that stops reporting, and the
// domain events (server.reported, server.wentOffline) the heartbeat and the sweep publish.
import type { Server } from '@outpost/contracts';
import { HeartbeatService } from '../src/modules/plugin/heartbeat.service';
import { OfflineSweepService } from '../src/modules/plugin/offline-sweep.service';
import { PluginClock } from '../src/modules/plugin/plugin-clock';
import { DomainEvents, type DomainEventMap } from '../src/core/events';
import { countRows, createNetwork, createWorld, expectStatus, type Crew } from './support/crew';
import { addServer, heartbeat, pluginCall, steamIdOf } from './support/plugin';
import type { TestApp } from './support';

describe('plugin API: the offline sweep and the events heartbeats publish', () => {
  let t: TestApp;
  let crew: Crew;
  beforeAll(async () => {
    ({ t, crew } = await createWorld());
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const serverOf = async (id: string) =>
    (expectStatus(await crew.owner.agent.get(`/api/servers/${id}`), 200).body as { data: Server }).data;

  describe('offline sweep', () => {
    it('sets a server offline after 3 missed heartbeats, with its players', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Sweep');
      await heartbeat(t, server.token, [{ steamId: steamIdOf(80), name: 'Sleepy' }]);
      const clock = t.app.get(PluginClock);
      const sweeper = t.app.get(OfflineSweepService);
      const start = Date.now();
      jest.spyOn(clock, 'now').mockReturnValue(new Date(start + 25_000));
      expect(await sweeper.sweep()).not.toContain(server.id);
      expect((await serverOf(server.id)).status).toBe('online');

      jest.spyOn(clock, 'now').mockReturnValue(new Date(start + 31_000));
      expect(await sweeper.sweep()).toContain(server.id);
      expect(await serverOf(server.id)).toMatchObject({ status: 'offline', playerCount: 0 });
      expect(await countRows(t, 'players', { steam_id: steamIdOf(80), status: 'offline' })).toBe(1);
      expect(await countRows(t, 'player_sessions', { server_id: server.id, left_at: null })).toBe(0);
    });

    it('sets many servers offline at once, with all their players and the playtime of their sessions', async () => {
      const fleet = await createNetwork(crew.owner, 'Fleet');
      const clock = t.app.get(PluginClock);
      const start = Date.now();
      jest.spyOn(clock, 'now').mockReturnValue(new Date(start));
      const servers = [];
      for (let i = 0; i < 25; i += 1) {
        const server = await addServer(crew.owner, fleet.id, `Fleet ${i}`);
        await heartbeat(t, server.token, [
          { steamId: steamIdOf(2000 + 2 * i), name: `Crew ${2 * i}`, connectedSeconds: 600 },
          { steamId: steamIdOf(2001 + 2 * i), name: `Crew ${2 * i + 1}`, connectedSeconds: 600 },
        ]);
        servers.push(server);
      }
      jest.spyOn(clock, 'now').mockReturnValue(new Date(start + 40_000));
      const swept = await t.app.get(OfflineSweepService).sweep();
      expect(swept).toEqual(expect.arrayContaining(servers.map((server) => server.id)));
      expect(await countRows(t, 'servers', { network_id: fleet.id, status: 'offline' })).toBe(25);
      expect(await countRows(t, 'players', { network_id: fleet.id, status: 'offline' })).toBe(50);
      expect(await countRows(t, 'player_sessions', { network_id: fleet.id, left_at: null })).toBe(0);
      // Each session ran from 10 minutes before the heartbeat to the heartbeat: 10 minutes played.
      expect(await countRows(t, 'players', { network_id: fleet.id, playtime_minutes: 10 })).toBe(50);
    });

    it('counts the missed intervals from the latest heartbeat', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Sweep again');
      const clock = t.app.get(PluginClock);
      const sweeper = t.app.get(OfflineSweepService);
      const start = Date.now();
      jest.spyOn(clock, 'now').mockReturnValue(new Date(start));
      await heartbeat(t, server.token, [{ steamId: steamIdOf(81), name: 'Awake' }]);
      jest.spyOn(clock, 'now').mockReturnValue(new Date(start + 20_000));
      await heartbeat(t, server.token, [{ steamId: steamIdOf(81), name: 'Awake' }]);
      expect((await serverOf(server.id)).lastSeenAt).toBe(new Date(start + 20_000).toISOString());

      jest.spyOn(clock, 'now').mockReturnValue(new Date(start + 45_000));
      expect(await sweeper.sweep()).not.toContain(server.id);
      expect((await serverOf(server.id)).status).toBe('online');
    });
  });

  describe('domain events', () => {
    /** Records one event's payloads for one server while the test runs. */
    const record = <K extends 'server.reported' | 'server.wentOffline' | 'server.statusChanged'>(
      name: K,
      serverId: string,
    ) => {
      const seen: DomainEventMap[K][] = [];
      unsubscribe.push(
        t.app.get(DomainEvents).on(name, (event) => {
          if (event.serverId === serverId) seen.push(event);
        }),
      );
      return seen;
    };
    const unsubscribe: (() => void)[] = [];
    afterEach(() => unsubscribe.splice(0).forEach((off) => off()));

    it('publishes server.reported for a full and for a steady heartbeat, with what each reported', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Reporting');
      const reported = record('server.reported', server.id);
      const full = jest.spyOn(
        t.app.get(HeartbeatService) as unknown as { fullHeartbeat: () => unknown },
        'fullHeartbeat',
      );
      const clock = t.app.get(PluginClock);
      const start = Date.now();
      const players = [
        { steamId: steamIdOf(90), name: 'Rex' },
        { steamId: steamIdOf(91), name: 'Ada' },
      ];
      jest.spyOn(clock, 'now').mockReturnValue(new Date(start));
      await heartbeat(t, server.token, players, { starting: true, maxPlayers: 50 });
      expect(full).toHaveBeenCalledTimes(1);
      expect(reported).toEqual([
        {
          networkId: crew.network.id,
          serverId: server.id,
          status: 'starting',
          playerCount: 2,
          maxPlayers: 50,
          at: new Date(start),
          fps: null,
          entities: null,
          memoryMb: null,
          queued: null,
          networkIn: null,
          networkOut: null,
        },
      ]);

      // Online now: a change of status takes the full path again, which settles the roster.
      jest.spyOn(clock, 'now').mockReturnValue(new Date(start + 5_000));
      await heartbeat(t, server.token, players, { maxPlayers: 50 });
      expect(full).toHaveBeenCalledTimes(2);
      // The same players 5 s later: the steady path, which publishes too.
      jest.spyOn(clock, 'now').mockReturnValue(new Date(start + 10_000));
      await heartbeat(t, server.token, players, {
        maxPlayers: 75,
        fps: 59.5,
        entities: 81234,
        memoryMb: 4123,
        queued: 3,
        networkIn: 120,
        networkOut: 480,
      });
      expect(full).toHaveBeenCalledTimes(2);
      expect(reported.slice(1)).toEqual([
        {
          networkId: crew.network.id,
          serverId: server.id,
          status: 'online',
          playerCount: 2,
          maxPlayers: 50,
          at: new Date(start + 5_000),
          fps: null,
          entities: null,
          memoryMb: null,
          queued: null,
          networkIn: null,
          networkOut: null,
        },
        {
          networkId: crew.network.id,
          serverId: server.id,
          status: 'online',
          playerCount: 2,
          maxPlayers: 75,
          at: new Date(start + 10_000),
          fps: 59.5,
          entities: 81234,
          memoryMb: 4123,
          queued: 3,
          networkIn: 120,
          networkOut: 480,
        },
      ]);
    });

    it('publishes nothing for a heartbeat it refuses', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Refused');
      const reported = record('server.reported', server.id);
      expectStatus(await crew.owner.agent.post(`/api/servers/${server.id}/token`), 200);
      expect((await pluginCall(t, server.token, 'heartbeat', { maxPlayers: 10, players: [] })).status).toBe(
        401,
      );
      expect(reported).toEqual([]);
    });

    it('publishes server.wentOffline once, when the sweep sets the server offline', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Going quiet');
      const offline = record('server.wentOffline', server.id);
      const clock = t.app.get(PluginClock);
      const sweeper = t.app.get(OfflineSweepService);
      const start = Date.now();
      jest.spyOn(clock, 'now').mockReturnValue(new Date(start));
      await heartbeat(t, server.token, [{ steamId: steamIdOf(92), name: 'Quiet' }]);

      jest.spyOn(clock, 'now').mockReturnValue(new Date(start + 25_000));
      await sweeper.sweep();
      expect(offline).toEqual([]);

      jest.spyOn(clock, 'now').mockReturnValue(new Date(start + 31_000));
      await sweeper.sweep();
      expect(offline).toEqual([
        { networkId: crew.network.id, serverId: server.id, maxPlayers: 100, at: new Date(start + 31_000) },
      ]);
      // Already offline: a later sweep publishes nothing more.
      jest.spyOn(clock, 'now').mockReturnValue(new Date(start + 60_000));
      await sweeper.sweep();
      expect(offline).toHaveLength(1);
    });

    it('publishes server.statusChanged once per real change, and stores each in the status history', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Flapping');
      const changes = record('server.statusChanged', server.id);
      const clock = t.app.get(PluginClock);
      const sweeper = t.app.get(OfflineSweepService);
      const start = Date.now();
      const at = (ms: number) => jest.spyOn(clock, 'now').mockReturnValue(new Date(start + ms));
      const players = [{ steamId: steamIdOf(93), name: 'Flip' }];
      at(0);
      await heartbeat(t, server.token, players, { starting: true });
      at(5_000);
      await heartbeat(t, server.token, players);
      at(10_000);
      await heartbeat(t, server.token, players);
      at(15_000);
      await heartbeat(t, server.token, players);
      at(46_000);
      await sweeper.sweep();
      at(50_000);
      await sweeper.sweep();
      at(60_000);
      await heartbeat(t, server.token, players);
      const change = (from: string, to: string, ms: number, firstReport = false) => ({
        networkId: crew.network.id,
        serverId: server.id,
        serverName: 'Flapping',
        from,
        to,
        firstReport,
        at: new Date(start + ms),
      });
      expect(changes).toEqual([
        change('offline', 'starting', 0, true),
        change('starting', 'online', 5_000),
        change('online', 'offline', 46_000),
        change('offline', 'online', 60_000),
      ]);
      const rows = await t.orm.em
        .fork()
        .getConnection()
        .execute(`select status, at from server_status_changes where server_id = ? order by at, id`, [
          server.id,
        ]);
      // Offline as of its last heartbeat: it was not heard after it.
      expect(
        rows.map((row: { status: string; at: number | string }) => [row.status, Number(row.at)]),
      ).toEqual([
        ['starting', start],
        ['online', start + 5_000],
        ['offline', start + 15_000],
        ['online', start + 60_000],
      ]);
    });
  });
});
