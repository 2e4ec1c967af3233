// The servers bench/live-fanout measures, each started with its streams' targets and a `publish`
// that makes one event: the bare node:http SSE baseline, one panel, and two panels through Redis.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_KEY, eachLimited, signInMany } from '../support/api.mjs';
import { freshPostgres } from '../support/database.mjs';
import { startPanel } from '../support/panel.mjs';
import { startRedisServer } from './redis-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 5000);
export const TABS = Number(process.env.BENCH_TABS ?? 20);
export const USERS = Math.ceil(CONNECTIONS / TABS);
/** The most uses an invite may have (POST /api/invites' maxUses). */
const INVITE_USES = 100;

const probeArgs = (memoryFile) => ({
  env: { BENCH_MEMORY_FILE: memoryFile },
  nodeArgs: ['--expose-gc', '--require', path.join(here, 'memory-probe.cjs')],
});

/** The baseline: bare-sse.mjs in a process of its own, triggered by POST /publish. */
export const startBare = async (scratch) => {
  const { env, nodeArgs } = probeArgs(path.join(scratch, 'bare-memory.json'));
  const server = fork(path.join(here, 'bare-sse.mjs'), {
    execArgv: nodeArgs,
    env: { ...process.env, ...env },
  });
  const { port } = await new Promise((resolve) => server.once('message', resolve));
  return {
    label: 'bare node:http SSE',
    targets: [
      {
        port,
        path: '/live',
        tabs: Array.from({ length: CONNECTIONS }, () => ({ Accept: 'text/event-stream' })),
        pid: server.pid,
        memoryFile: env.BENCH_MEMORY_FILE,
      },
    ],
    publish: async () => {
      const res = await fetch(`http://127.0.0.1:${port}/publish`, { method: 'POST' });
      if (!res.ok) throw new Error(`publish answered ${res.status}`);
      await res.text();
    },
    async stop() {
      // Told to go (it exits when the bench disconnects), so that it ends as a process ends, not killed.
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.disconnect();
      await exited;
    },
  };
};

/**
 * The network on `panel` (set up through it): its owner and USERS - 1 members, one game server;
 * answers the users, a heartbeat of the server sent to `panel`, and the set-up's time.
 */
const setUpNetwork = async (panel) => {
  const stamp = Date.now();
  const setUpStarted = performance.now();
  const users = await signInMany(
    panel,
    Array.from({ length: USERS }, (_, i) => `bench-live-${i}-${stamp}@example.com`),
  );
  const [owner, ...members] = users;
  const network = await owner.call('POST', '/api/networks', { name: 'Bench Network' });
  // An invite takes INVITE_USES uses at most.
  const invites = [];
  for (let i = 0; i < members.length; i += INVITE_USES)
    invites.push(await owner.call('POST', '/api/invites', { networkId: network.id, maxUses: INVITE_USES }));
  await eachLimited(
    members.map((member, i) => ({ member, invite: invites[Math.floor(i / INVITE_USES)] })),
    4,
    ({ member, invite }) => member.call('POST', '/api/invites/join', { inviteCode: invite.code }),
  );
  const server = await owner.call('POST', `/api/servers/network/${network.id}`, { name: 'Bench Server' });
  const heartbeat = async () => {
    const res = await fetch(`${panel.url}/api/plugin/v1/heartbeat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${server.token}` },
      body: JSON.stringify({ maxPlayers: 100, map: 'Procedural Map', players: [] }),
    });
    if (!res.ok) throw new Error(`heartbeat answered ${res.status}`);
    await res.text();
  };
  // The first heartbeat takes the full path and settles the roster; the measured ones the steady one.
  await heartbeat();
  return { users, heartbeat, setUpSeconds: (performance.now() - setUpStarted) / 1000 };
};

/** Stream `i`'s headers: the tab of user i % USERS. */
const tabsOf = (users, from, to) =>
  Array.from({ length: to - from }, (_, i) => ({
    Accept: 'text/event-stream',
    'X-API-Key': API_KEY,
    Authorization: `Bearer ${users[(from + i) % USERS].jwt}`,
  }));

const panelEnv = { DEMO: 'false', LOG_LEVEL: 'error', SIGN_IN_LIMIT_PER_IP: String(2 * USERS + 10) };

/** One panel (SQLite) with the network, every stream on it. */
export const startPanelWithNetwork = async (scratch) => {
  const { env, nodeArgs } = probeArgs(path.join(scratch, 'panel-memory.json'));
  const panel = await startPanel({ ...env, ...panelEnv }, { nodeArgs });
  try {
    const { users, heartbeat, setUpSeconds } = await setUpNetwork(panel);
    return {
      label: 'panel GET /api/live',
      targets: [
        {
          port: Number(new URL(panel.url).port),
          path: '/api/live',
          tabs: tabsOf(users, 0, CONNECTIONS),
          pid: panel.pid,
          memoryFile: env.BENCH_MEMORY_FILE,
        },
      ],
      publish: heartbeat,
      setUpSeconds,
      stop: () => panel.stop(),
    };
  } catch (error) {
    await panel.stop();
    throw error;
  }
};

/**
 * Two panels on one fresh PostgreSQL database and one redis-server (REDIS_URL), sharing their
 * secrets as instances behind a load balancer do: half the streams on each, every heartbeat sent to
 * the first. null (said why) when PostgreSQL or redis-server is missing.
 */
export const startTwoPanelsWithNetwork = async (scratch) => {
  const redis = await startRedisServer();
  if (!redis) {
    console.log(
      '  two instances through Redis: skipped, redis-server is not installed (apt-get install redis-server)',
    );
    return null;
  }
  const pg = await freshPostgres();
  if (!pg) {
    await redis.stop();
    console.log(
      '  two instances through Redis: skipped, PostgreSQL is not reachable (set BENCH_DATABASE_URL)',
    );
    return null;
  }
  const panels = [];
  const stop = async () => {
    for (const panel of panels) await panel.stop();
    await redis.stop();
    await pg.drop();
  };
  try {
    const shared = {
      ...panelEnv,
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      JWT_SECRET: 'bench-live-fanout-jwt-secret-of-32-characters-or-more',
      SECRETS_KEY: 'b'.repeat(64),
    };
    const memoryFiles = ['first', 'second'].map((name) => path.join(scratch, `${name}-memory.json`));
    // One after the other: the first migrates the database.
    for (const memoryFile of memoryFiles) {
      const { env, nodeArgs } = probeArgs(memoryFile);
      panels.push(await startPanel({ ...env, ...shared }, { nodeArgs }));
    }
    const { users, heartbeat, setUpSeconds } = await setUpNetwork(panels[0]);
    const half = Math.ceil(CONNECTIONS / 2);
    return {
      label: 'two panels, Redis',
      targets: panels.map((panel, i) => ({
        port: Number(new URL(panel.url).port),
        path: '/api/live',
        tabs: i === 0 ? tabsOf(users, 0, half) : tabsOf(users, half, CONNECTIONS),
        pid: panel.pid,
        memoryFile: memoryFiles[i],
      })),
      publish: heartbeat,
      setUpSeconds,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};
