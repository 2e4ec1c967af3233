// bench/takeover: how soon another instance takes over what one instance held when that one dies
// (SIGKILL), for the leader (the periodic work: sweeps, retention, the demo) and for a server's
// RCON connection (the WebRCON emulator, in this process, sees the new connection). Target: within
// 30 s. Beside each, in the same run: the hand-over when the holder stops instead (SIGTERM), and
// the bound the lease's timing gives. Two instances (a third replaces each one stopped) share a
// fresh PostgreSQL database (SQLite, one file both open, when PostgreSQL is not reachable):
// - with a redis-server of the bench's own (REDIS_URL): the Redis leases;
// - without Redis, on PostgreSQL only: the advisory lock, whose holder also holds the RCON connection.
import { startWebRconEmulator } from '@outpost/rcon/testing';
import { connectPanelRcon, signIn } from '../support/api.mjs';
import { freshPostgres } from '../support/database.mjs';
import { advisoryLock, leaseHolder, startInstances, startRedisServer, timeUntil } from './cluster.mjs';

const TARGET_MS = 30_000;
/** The product's timing: a lease of 15 s, renewed and tried for every 5 s (services/api leadership.ts). */
const LEASE_MS = 15_000;
const RETRY_MS = 5_000;
const PASSWORD = 'bench takeover password';

const seconds = (ms) => (ms < 1_000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);
const verdict = (ms) => `(target < ${TARGET_MS / 1000} s: ${ms < TARGET_MS ? 'PASS' : 'FAIL'})`;

/** A network with one server whose RCON the panel dials itself, on the emulator. */
const connectServer = async (instance, emulator) => {
  const owner = await signIn(instance, `bench-takeover-${Date.now()}@example.com`);
  const network = await owner.call('POST', '/api/networks', { name: 'Bench Takeover' });
  const server = await owner.call('POST', `/api/servers/network/${network.id}`, { name: 'Bench Takeover' });
  await connectPanelRcon(owner, server.id, emulator, PASSWORD);
  return server;
};

/** Ends the holder (SIGKILL or SIGTERM) and answers the ms until `taken()` names another instance. */
const takeOver = async (holder, how, taken, what) => {
  const since = performance.now();
  if (how === 'SIGKILL') holder.kill();
  const stopping = how === 'SIGTERM' ? holder.terminate() : null;
  const ms = await timeUntil(
    async () => {
      const now = await taken();
      return now !== null && now !== holder;
    },
    since,
    what,
  );
  await stopping;
  return ms;
};

/** REDIS_URL: the leader's lease and the connection's lease, each killed and each stopped. */
const withRedis = async (label, env) => {
  const redis = await startRedisServer();
  if (!redis) {
    console.log(`  ${label}, Redis leases: redis-server is not installed, skipped`);
    return true;
  }
  const emulator = await startWebRconEmulator({ password: PASSWORD, hostname: 'Bench Takeover' });
  const cluster = await startInstances(2, { ...env, REDIS_URL: redis.url });
  try {
    const server = await connectServer(cluster.instances[0], emulator);
    const leader = () => leaseHolder(redis, cluster, 'outpost:leader');
    const owner = () => leaseHolder(redis, cluster, `outpost:rcon:${server.id}`);
    /** The emulator connected again, and the lease names the instance it came from. */
    const connectedOwner = async () => (emulator.clients === 1 ? owner() : null);
    const measure = async (name, holder, how) => {
      await timeUntil(
        async () => (await holder()) !== null && emulator.clients === 1,
        performance.now(),
        'settled',
      );
      const taken = name === 'leader' ? leader : connectedOwner;
      const ms = await takeOver(await holder(), how, taken, `${name} ${how}`);
      await cluster.add();
      return ms;
    };
    const leaderKill = await measure('leader', leader, 'SIGKILL');
    const ownerKill = await measure('RCON owner', owner, 'SIGKILL');
    const leaderTerm = await measure('leader', leader, 'SIGTERM');
    const ownerTerm = await measure('RCON owner', owner, 'SIGTERM');
    console.log(`  ${label}, Redis leases (a redis-server of the bench's own), 2 instances`);
    console.log(
      `    bound: lease ${seconds(LEASE_MS)} + a try every ${seconds(RETRY_MS)} = ${seconds(LEASE_MS + RETRY_MS)}`,
    );
    console.log(`    leader: SIGTERM hand-over             ${seconds(leaderTerm)}`);
    console.log(`    leader: SIGKILL -> another leads      ${seconds(leaderKill)}   ${verdict(leaderKill)}`);
    console.log(`    RCON: SIGTERM hand-over               ${seconds(ownerTerm)}`);
    console.log(`    RCON: SIGKILL -> emulator reconnected ${seconds(ownerKill)}   ${verdict(ownerKill)}`);
    return leaderKill < TARGET_MS && ownerKill < TARGET_MS;
  } finally {
    await cluster.stop();
    await emulator.stop();
    await redis.stop();
  }
};

/** The ms from `since` until the emulator's connection closed and another came. */
const reconnected = async (emulator, since, what) => {
  await timeUntil(() => emulator.clients === 0, since, `${what}: the old connection closing`);
  return timeUntil(() => emulator.clients === 1, since, what);
};

/** PostgreSQL without Redis: the advisory lock; the leader holds the RCON connection too. */
const withoutRedis = async (label, env) => {
  const emulator = await startWebRconEmulator({ password: PASSWORD, hostname: 'Bench Takeover' });
  const cluster = await startInstances(2, env);
  const lock = await advisoryLock(env.DATABASE_URL);
  try {
    await connectServer(cluster.instances[0], emulator);
    const leader = () => lock.holder(cluster);
    const measure = async (how) => {
      await timeUntil(
        async () => (await leader()) !== null && emulator.clients === 1,
        performance.now(),
        'settled',
      );
      const since = performance.now();
      const [ledMs, connectedMs] = await Promise.all([
        takeOver(await leader(), how, leader, `leader ${how}`),
        reconnected(emulator, since, `RCON ${how}`),
      ]);
      await cluster.add();
      return { ledMs, connectedMs };
    };
    const killed = await measure('SIGKILL');
    const stopped = await measure('SIGTERM');
    console.log(`  ${label}, advisory lock (no Redis), 2 instances; the leader holds the RCON connection`);
    console.log(`    bound: the session ends with the process, another tries every ${seconds(RETRY_MS)}`);
    console.log(`    leader: SIGTERM hand-over             ${seconds(stopped.ledMs)}`);
    console.log(
      `    leader: SIGKILL -> another leads      ${seconds(killed.ledMs)}   ${verdict(killed.ledMs)}`,
    );
    console.log(`    RCON: SIGTERM hand-over               ${seconds(stopped.connectedMs)}`);
    console.log(
      `    RCON: SIGKILL -> emulator reconnected ${seconds(killed.connectedMs)}   ${verdict(killed.connectedMs)}`,
    );
    return killed.ledMs < TARGET_MS && killed.connectedMs < TARGET_MS;
  } finally {
    await lock.close();
    await cluster.stop();
    await emulator.stop();
  }
};

/** Runs `part` on a fresh PostgreSQL database; null when none is reachable. */
const onFreshPostgres = async (part) => {
  const pg = await freshPostgres();
  if (!pg) return null;
  try {
    return await part({ DATABASE_URL: pg.url });
  } finally {
    await pg.drop();
  }
};

console.log('bench/takeover');
const results = [];
const redisOnPg = await onFreshPostgres((env) => withRedis('PostgreSQL', env));
if (redisOnPg === null) {
  console.log('  PostgreSQL: not reachable (set BENCH_DATABASE_URL); the advisory lock is not measured');
  results.push(await withRedis('SQLite (one file, both instances)', {}));
} else {
  results.push(redisOnPg, await onFreshPostgres((env) => withoutRedis('PostgreSQL', env)));
}
console.log(`  targets: ${results.every(Boolean) ? 'met' : 'NOT met'}`);
