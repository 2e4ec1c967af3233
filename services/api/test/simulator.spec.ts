// The simulator (libs/simulation, on libs/plugin-sdk) against the real API on a real port.
import type {
  CommandResultRequest,
  ConsoleCommandEntry,
  ConsoleResponse,
  EventsRequest,
  HeartbeatRequest,
  HeartbeatResponse,
  PlayerActionResponse,
  PlayersListResponse,
  Server,
} from '@outpost/contracts';
import { SimulatedServer } from '@outpost/simulation';
import type { CommandResultInput, EventsBatchInput, HeartbeatInput } from '@outpost/validation';
import type { HeartbeatResponse as ApiHeartbeatResponse } from '../src/modules/plugin/heartbeat.service';
import { createTestApp, signIn, type SignedIn, type TestApp } from './support';
import { createNetwork, expectStatus } from './support/crew';
import { addServer } from './support/plugin';

// The protocol types in libs/contracts mirror the API's schemas: a drift fails compilation here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const mirrors: [
  Same<HeartbeatRequest, HeartbeatInput>,
  Same<HeartbeatResponse, ApiHeartbeatResponse>,
  Same<CommandResultRequest, CommandResultInput>,
  Same<
    Omit<EventsRequest['events'][number], 'headshot' | 'channel'>,
    Omit<EventsBatchInput['events'][number], 'headshot' | 'channel'>
  >,
] = [true, true, true, true];

describe('simulated servers against the API', () => {
  let t: TestApp;
  let owner: SignedIn;
  let networkId: string;
  let baseUrl: string;
  const running: SimulatedServer[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    baseUrl = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    owner = await signIn(t);
    networkId = (await createNetwork(owner)).id;
  });
  afterAll(async () => {
    await Promise.all(running.map((server) => server.stop()));
    await t.close();
  });

  const simulate = async (players: number, seed: number) => {
    const { id, token } = await addServer(owner, networkId, `Sim ${seed}`);
    const server = new SimulatedServer({ baseUrl, token, players, seed, log: () => undefined });
    running.push(server);
    return { id, server };
  };
  const serverOf = async (id: string) =>
    expectStatus(await owner.agent.get(`/api/servers/${id}`), 200).body.data as Server;
  const playersOf = async (serverId: string) =>
    (
      expectStatus(await owner.agent.get('/api/players').query({ networkId, serverId, limit: 100 }), 200).body
        .data as PlayersListResponse
    ).players;

  it('keeps the protocol types in step with the API', () => {
    expect(mirrors).toEqual([true, true, true, true]);
  });

  it("a heartbeat makes the server online with the simulated server's state and players", async () => {
    const { id, server } = await simulate(20, 1);
    expect((await serverOf(id)).status).toBe('offline');
    const answer = await server.heartbeat();
    expect(answer).toEqual({ commands: [], nextHeartbeatSeconds: 10 });
    const online = server.players();
    expect(online.length).toBeGreaterThanOrEqual(17);
    expect(await serverOf(id)).toMatchObject({
      status: 'online',
      playerCount: online.length,
      actualName: server.hostname,
      maxPlayers: server.maxPlayers,
      map: 'Procedural Map',
    });
    const listed = await playersOf(id);
    expect(listed.map((player) => player.steamId).sort()).toEqual(
      online.map((player) => player.steamId).sort(),
    );
    expect(online.every((player) => /^7656119\d{10}$/.test(player.steamId))).toBe(true);
  });

  it('a kick queued through the players API removes the player from the next heartbeat', async () => {
    const { id, server } = await simulate(10, 2);
    await server.heartbeat();
    const target = server.players()[0];
    const res = expectStatus(
      await owner.agent
        .post(`/api/players/${target.steamId}/kick`)
        .send({ serverId: id, reason: 'Spamming' }),
      201,
    );
    const { commandId } = res.body.data as PlayerActionResponse;
    const answer = await server.heartbeat();
    expect(answer.commands).toEqual([
      expect.objectContaining({ id: commandId, type: 'kick', steamId: target.steamId }),
    ]);
    expect(server.players().map((p) => p.steamId)).not.toContain(target.steamId);
    // The result was reported: the command is not delivered again.
    expect((await server.heartbeat()).commands).toEqual([]);
    expect(await serverOf(id)).toMatchObject({ status: 'online', playerCount: server.players().length });
    expect((await playersOf(id)).find((p) => p.steamId === target.steamId)).toMatchObject({
      status: 'offline',
    });
    await server.flushEvents();
  });

  it('a banned player is refused when they try to rejoin, until unbanned', async () => {
    const { id, server } = await simulate(8, 3);
    await server.heartbeat();
    const target = server.players()[0];
    expectStatus(
      await owner.agent.post(`/api/players/${target.steamId}/ban`).send({ serverId: id, reason: 'Cheating' }),
      201,
    );
    await server.heartbeat();
    expect(server.isBanned(target.steamId)).toBe(true);
    expect(server.players().map((p) => p.steamId)).not.toContain(target.steamId);
    expect(server.tryJoin(target)).toBe(false);

    expectStatus(
      await owner.agent
        .post(`/api/players/${target.steamId}/unban`)
        .send({ serverId: id, reason: 'Appeal accepted' }),
      201,
    );
    await server.heartbeat();
    expect(server.isBanned(target.steamId)).toBe(false);
    expect(server.tryJoin(target)).toBe(true);
    await server.heartbeat();
    expect((await playersOf(id)).find((p) => p.steamId === target.steamId)).toMatchObject({
      status: 'online',
    });
  });

  it('half an hour of simulated activity reaches the API as chat and kill events', async () => {
    const { server } = await simulate(30, 4);
    await server.heartbeat();
    await server.tick(Date.now() + 30 * 60_000);
    await server.flushEvents();
    const events = await t.orm.em
      .fork()
      .getConnection()
      .execute('select type, count(*) as n from server_events group by type');
    const byType = Object.fromEntries(
      events.map((row: { type: string; n: number }) => [row.type, Number(row.n)]),
    );
    expect(byType.chat).toBeGreaterThan(0);
    expect(byType.kill).toBeGreaterThan(0);
  });

  it("a console command typed in the panel reaches the simulator's long-poll and its output shows in the console", async () => {
    const { id, server } = await simulate(5, 5);
    await server.heartbeat();
    const waiting = server.waitForCommands(30);
    const { id: commandId } = expectStatus(
      await owner.agent.post(`/api/servers/${id}/console`).send({ command: 'status' }),
      202,
    ).body.data as { id: string };
    expect(await waiting).toEqual([{ id: commandId, type: 'console', command: 'status' }]);
    const console = expectStatus(await owner.agent.get(`/api/servers/${id}/console`), 200).body
      .data as ConsoleResponse;
    expect(console.entries[0]).toMatchObject({ kind: 'command', id: commandId, status: 'succeeded' });
    expect((console.entries[0] as ConsoleCommandEntry).output).toContain(`hostname: ${server.hostname}`);
    // Reported: neither the long-poll nor the heartbeat hands it out again.
    expect((await server.heartbeat()).commands).toEqual([]);
  });
});
