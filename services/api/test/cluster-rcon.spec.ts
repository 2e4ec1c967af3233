// Two built instances on one PostgreSQL database, and the WebRCON emulator as the game server the
// panel dials itself: exactly one instance holds the connection (a lease in Redis), SIGKILL of the
// owner makes the other connect within 30 s with players still updating, SIGTERM hands it over at
// once, settings saved or removed on an instance that does not hold it reach the one that does,
// and losing Redis keeps the connection where it is. Without Redis the leader holds it. The
// take-over times are printed. Skipped unless DATABASE_URL is PostgreSQL and redis-server is
// installed.
import type { CreateServerResponse, Network, PlayersListResponse, RconStatus } from '@outpost/contracts';
import { startWebRconEmulator, type WebRconEmulator } from '@outpost/rcon/testing';
import Redis from 'ioredis';
import { describeCluster, startCluster, type Cluster } from './support/cluster';
import {
  addServerAt,
  createNetworkAt,
  dataOf,
  signInAt,
  type At,
  type ClusterUser,
} from './support/cluster-client';
import type { Instance } from './support/processes';

const PASSWORD = 'cluster rcon password';
const REX = { steamId: '76561198000000301', name: 'Rex' };
const ZED = { steamId: '76561198000000302', name: 'Zed' };
const LOGGED = { LOG_LEVEL: 'debug', NO_COLOR: '1' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const until = async (check: () => Promise<boolean> | boolean, what: string, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
};

const alive = (instance: Instance) => instance.child.exitCode === null && instance.child.signalCode === null;

/** The panel's side of one RCON-connected server, driven over HTTP on any instance. */
const rconWorld = async (cluster: Cluster, emulator: WebRconEmulator) => {
  const [first] = cluster.instances;
  const owner = await signInAt(first, cluster.database.dataDir);
  const network: Network = await createNetworkAt(first, owner);
  const server: CreateServerResponse = await addServerAt(first, owner, network.id, 'Emulated');
  const rconPath = `/api/servers/${server.id}/rcon`;
  const save = async (at: At, password = PASSWORD) =>
    dataOf(
      await owner.api(at, 'PUT', rconPath, { host: '127.0.0.1', port: emulator.port, password }),
      200,
      'saving the RCON settings',
    );
  const status = async (at: At) => dataOf(await owner.api<RconStatus>(at, 'GET', rconPath), 200, 'GET rcon');
  const online = async (at: At) => {
    const query = new URLSearchParams({ networkId: network.id, serverId: server.id });
    const { players } = dataOf(
      await owner.api<PlayersListResponse>(at, 'GET', `/api/players?${query}`),
      200,
      'the players',
    );
    return players.filter((p) => p.status === 'online').map((p) => p.steamId);
  };
  return { owner, network, server, rconPath, save, status, online };
};

/** Samples the emulator's open connections for `ms`: the most seen at once. */
const mostConnections = async (emulator: WebRconEmulator, ms: number) => {
  let most = 0;
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    most = Math.max(most, emulator.clients);
    await sleep(25);
  }
  return most;
};

describeCluster('one owner per RCON connection (Redis lease)', () => {
  let cluster: Cluster;
  let emulator: WebRconEmulator;
  let redis: Redis;
  let world: Awaited<ReturnType<typeof rconWorld>>;
  let owner: ClusterUser;

  /** The instance holding the connection, from its lease (`<host>-<pid>-<random>#<token>`). */
  const holder = async (): Promise<Instance | null> => {
    const value = await redis.get(`outpost:rcon:${world.server.id}`);
    const pid = value?.match(/-(\d+)-[0-9a-f]+#\d+$/)?.[1];
    return cluster.instances.find((instance) => String(instance.child.pid) === pid) ?? null;
  };

  beforeAll(async () => {
    emulator = await startWebRconEmulator({ password: PASSWORD, hostname: 'Emulated Cluster' });
    emulator.addPlayer(REX);
    emulator.addPlayer(ZED);
    cluster = await startCluster({ env: LOGGED });
    redis = new Redis(cluster.redis!.url, { maxRetriesPerRequest: 1 });
    world = await rconWorld(cluster, emulator);
    owner = world.owner;
  }, 120_000);
  afterAll(async () => {
    redis?.disconnect();
    await cluster?.stop();
    await emulator?.stop();
  });

  it('has exactly one connection from the two instances, and the players show on both', async () => {
    const [a, b] = cluster.instances;
    await world.save(a);
    await until(async () => (await world.status(b)).state === 'connected', 'connected');
    // Over a full round of every instance's periodic look (5 s): never a second connection.
    expect(await mostConnections(emulator, 6_000)).toBe(1);
    expect(emulator.clients).toBe(1);
    expect(cluster.instances).toContain(await holder());
    await until(async () => (await world.online(b)).length === 2, 'the players on b', 10_000);
    expect((await world.online(a)).sort()).toEqual([REX.steamId, ZED.steamId]);
  }, 60_000);

  it('SIGKILL of the owner: the other instance connects within 30 s and players keep updating', async () => {
    const dead = (await holder())!;
    const survivor = cluster.instances.find((instance) => instance !== dead)!;
    const killed = Date.now();
    dead.child.kill('SIGKILL');
    await dead.exited;
    await until(() => emulator.clients === 0, 'the dead connection closing', 5_000);
    await until(async () => emulator.clients === 1 && (await holder()) === survivor, 'the take-over', 30_000);
    const took = Date.now() - killed;
    console.info(`RCON take-over after SIGKILL of the owner: ${(took / 1000).toFixed(1)} s`);
    expect(took).toBeLessThan(30_000);
    await until(async () => (await world.status(survivor)).state === 'connected', 'connected again', 10_000);

    const newcomer = { steamId: '76561198000000303', name: 'Newcomer' };
    emulator.addPlayer(newcomer);
    await until(
      async () => (await world.online(survivor)).includes(newcomer.steamId),
      'the newcomer',
      10_000,
    );
    emulator.removePlayer(ZED.steamId);
    await until(async () => !(await world.online(survivor)).includes(ZED.steamId), 'Zed leaving', 10_000);
    expect(await mostConnections(emulator, 1_000)).toBe(1);
  }, 90_000);

  it('SIGTERM hands the connection over at once', async () => {
    const next = await cluster.add();
    const leaving = (await holder())!;
    expect(emulator.clients).toBe(1);
    const asked = Date.now();
    const stopping = leaving.stop();
    await until(
      async () => emulator.clients === 1 && (await holder()) === next && !alive(leaving),
      'the hand-over',
      5_000,
    );
    const took = Date.now() - asked;
    console.info(`RCON hand-over on SIGTERM: ${(took / 1000).toFixed(1)} s`);
    expect((await stopping).code).toBe(0);
    await until(
      async () => (await world.status(next)).state === 'connected',
      'connected on the new owner',
      10_000,
    );
  }, 90_000);

  it('settings saved or removed on an instance that does not hold the connection reach the one that does', async () => {
    // The two before were stopped: one more, which does not hold the connection.
    const other = await cluster.add();
    const held = (await holder())!;
    expect(held).not.toBe(other);
    // A wrong password saved on the other instance: the owner reconnects with it at once.
    await world.save(other, 'not the password');
    await until(async () => (await world.status(other)).state === 'wrong_password', 'wrong_password', 5_000);
    await world.save(other);
    await until(async () => (await world.status(held)).state === 'connected', 'connected again', 5_000);
    expect(await mostConnections(emulator, 1_000)).toBe(1);
    dataOf(await owner.api(other, 'DELETE', world.rconPath), 200, 'removing the settings');
    await until(() => emulator.clients === 0, 'the connection ending', 5_000);
    expect(await redis.get(`outpost:rcon:${world.server.id}`)).toBeNull();
  }, 60_000);
  it('keeps the connection while Redis is away (nobody can claim it meanwhile), and one owner after', async () => {
    const [a] = cluster.instances.filter(alive);
    await world.save(a);
    await until(async () => (await world.status(a)).state === 'connected', 'connected', 10_000);
    await cluster.redis!.kill();
    // Over more than a look on each instance: the connection goes on, alone.
    expect(await mostConnections(emulator, 6_000)).toBe(1);
    expect(emulator.clients).toBe(1);
    expect((await world.status(a)).state).toBe('connected');
    // Back, empty: the owner takes its lease again as it renews (another may claim it first; then
    // the owner ends its connection on finding the newer token), and one connection remains.
    await cluster.redis!.restart();
    await until(async () => (await holder()) !== null, 'a lease again', 15_000);
    await sleep(1_000);
    expect(await mostConnections(emulator, 6_000)).toBe(1);
    expect(emulator.clients).toBe(1);
  }, 60_000);
});

describeCluster('RCON connections without Redis: the leader holds them', () => {
  let cluster: Cluster;
  let emulator: WebRconEmulator;
  let world: Awaited<ReturnType<typeof rconWorld>>;
  const leads = (instance: Instance) => {
    const output = instance.output();
    return output.lastIndexOf('This instance leads now') > output.lastIndexOf('This instance stepped down');
  };

  beforeAll(async () => {
    emulator = await startWebRconEmulator({ password: PASSWORD, hostname: 'Emulated Alone' });
    emulator.addPlayer(REX);
    cluster = await startCluster({ redis: false, env: LOGGED });
    world = await rconWorld(cluster, emulator);
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await emulator?.stop();
  });

  it('has one connection, held by the leader; the other takes it over when the leader dies', async () => {
    const [a, b] = cluster.instances;
    const leader = leads(a) ? a : b;
    const other = leader === a ? b : a;
    // Saved on the instance that does not lead: the leader picks it up at its next look.
    await world.save(other);
    await until(async () => (await world.status(other)).state === 'connected', 'connected', 15_000);
    expect(await mostConnections(emulator, 6_000)).toBe(1);
    expect(leader.output()).toContain(`RCON of server ${world.server.id}: connection held here`);
    expect(other.output()).not.toContain(`RCON of server ${world.server.id}: connection held here`);

    const killed = Date.now();
    leader.child.kill('SIGKILL');
    await leader.exited;
    await until(() => emulator.clients === 0, 'the dead connection closing', 5_000);
    await until(() => emulator.clients === 1, 'the take-over', 20_000);
    console.info(
      `RCON take-over after SIGKILL of the leader (advisory lock): ${((Date.now() - killed) / 1000).toFixed(1)} s`,
    );
    await until(async () => (await world.online(other)).includes(REX.steamId), 'the players', 10_000);
  }, 90_000);
});
