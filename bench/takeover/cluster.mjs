// bench/takeover's set-up: instances of the built panel sharing one database, secrets and (when
// asked) a redis-server of the bench's own, and the two questions the bench asks of them: which
// instance leads, and which holds a server's RCON connection. Answered from what the instances
// hold (the Redis leases, the PostgreSQL advisory lock), not from their logs.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, startPanel } from '../support/panel.mjs';

const require = createRequire(import.meta.url);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The advisory lock's keys (services/api leadership-advisory-lock.ts): "OUTP" and 1. */
const LOCK_KEYS = [0x4f555450, 1];

/** The process id inside an instance id (`<host>-<pid>-<random>`). */
const pidOf = (instanceId) => Number(instanceId?.match(/-(\d+)-[0-9a-f]+$/)?.[1] ?? NaN);

/** One Redis command over a plain socket (RESP), for GET: the bulk string, or null. */
const redisGet = (port, key) =>
  new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    socket.setTimeout(1_000, () => socket.destroy(new Error('redis-server did not answer')));
    socket.on('connect', () => socket.write(`*2\r\n$3\r\nGET\r\n$${Buffer.byteLength(key)}\r\n${key}\r\n`));
    socket.on('data', (chunk) => {
      answer += chunk;
      const header = answer.match(/^\$(-?\d+)\r\n/);
      if (!header) return;
      const length = Number(header[1]);
      const body = answer.slice(header[0].length);
      if (length >= 0 && Buffer.byteLength(body) < length + 2) return;
      socket.end();
      resolve(length < 0 ? null : body.slice(0, -2));
    });
    socket.on('error', reject);
  });

/** Debian's redis-server on a free port, keeping nothing; null when it is not installed. */
export async function startRedisServer() {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  if (found.status !== 0) return null;
  const port = await freePort();
  const child = spawn(
    found.stdout.trim(),
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', '/tmp'],
    { stdio: 'ignore' },
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  for (let waited = 0; ; waited += 50) {
    if (
      await redisGet(port, 'outpost:bench:ping').then(
        () => true,
        () => false,
      )
    )
      break;
    if (child.exitCode !== null || waited > 10_000)
      throw new Error(`redis-server on port ${port} did not answer`);
    await sleep(50);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    get: (key) => redisGet(port, key),
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Instances of the panel on one database (`env`: DATABASE_URL, REDIS_URL), with the same secrets
 * and one DATA_DIR (the sign-in outbox; the SQLite file when there is no DATABASE_URL).
 */
export async function startInstances(count, env) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'outpost-bench-takeover-'));
  const shared = {
    ...env,
    DATA_DIR: dataDir,
    DEMO: 'false',
    JWT_SECRET: 'bench-takeover-jwt-secret-of-32-characters-or-more',
    SECRETS_KEY: 'b'.repeat(64),
    LOG_LEVEL: 'error',
  };
  const instances = [];
  const add = async () => {
    const panel = await startPanel(shared);
    const instance = {
      ...panel,
      dataDir,
      alive: true,
      kill() {
        instance.alive = false;
        process.kill(panel.pid, 'SIGKILL');
      },
      /** SIGTERM; settles once it exited. */
      async terminate() {
        instance.alive = false;
        await panel.stop();
      },
    };
    instances.push(instance);
    return instance;
  };
  for (let i = 0; i < count; i += 1) await add();
  return {
    instances,
    dataDir,
    add,
    alive: () => instances.filter((instance) => instance.alive),
    byPid: (pid) => instances.find((instance) => instance.pid === pid && instance.alive) ?? null,
    async stop() {
      await Promise.all(instances.map((instance) => instance.stop().catch(() => undefined)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Which instance holds a Redis lease (`outpost:leader`, `outpost:rcon:<serverId>`), or null. */
export const leaseHolder = async (redis, cluster, key) =>
  cluster.byPid(pidOf((await redis.get(key))?.split('#')[0]));

/** A PostgreSQL session on `url` asking who holds the leader's advisory lock. */
export async function advisoryLock(url) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  return {
    /** The instance whose session holds the lock (its application_name names it), or null. */
    async holder(cluster) {
      const { rows } = await client.query(
        `select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'advisory' and l.granted and l.classid = $1 and l.objid = $2`,
        LOCK_KEYS,
      );
      return cluster.byPid(pidOf(rows[0]?.name?.replace('outpost leadership ', '')));
    },
    close: () => client.end(),
  };
}

/** Polls `check` every 10 ms until it holds; answers the ms since `since`. */
export async function timeUntil(check, since, what, timeoutMs = 60_000) {
  while (!(await check())) {
    if (performance.now() - since > timeoutMs) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(10);
  }
  return performance.now() - since;
}
