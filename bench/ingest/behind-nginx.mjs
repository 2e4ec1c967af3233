// bench/ingest, the production set-up beside one instance: the same plugin heartbeats sent to one
// instance on PostgreSQL (no Redis: a single-instance panel) and through nginx (deploy/nginx) to
// two instances sharing a PostgreSQL database and a Redis, the set-ups taking turns in the same
// run. Then event batches through nginx, each counted once the panel says it stored it.
// Beside them, a third turn: the one instance with half the concurrent calls (each of the two
// instances' share), to show what a panel process costs per heartbeat when it is not kept busy.
// Each set-up prints the CPU time per heartbeat of the processes it runs (from /proc). All turns
// end within 30 s of the warm-up, before the servers' rosters are due for their refresh (a full
// heartbeat each, all at once here, where a live network spreads them).
// Targets (2 cores, where the two instances, nginx, PostgreSQL and this client share the machine):
// two instances >= 0.9x one instance's heartbeats/s, and nothing lost (every request answered
// 2xx, every event stored).
import { percentile, signIn } from '../support/api.mjs';
import { freshPostgres } from '../support/database.mjs';
import { loadClient, pluginCall } from '../support/load-client.mjs';
import { freePort, startPanel } from '../support/panel.mjs';
import { load, takingTurns } from './load.mjs';
import { hasNginx, NGINX, redisServerBinary, startNginx, startRedis } from './proxy.mjs';

const TARGET = 0.9;

/** `count` servers of a new owner's network on `panel`, each with its heartbeat body. */
const networkOn = async (panel, count, playersOf) => {
  const owner = await signIn(panel, `bench-lb-${Date.now()}@example.com`);
  const network = await owner.call('POST', '/api/networks', { name: 'Bench Network' });
  const servers = [];
  for (let i = 0; i < count; i += 1) {
    const server = await owner.call('POST', `/api/servers/network/${network.id}`, {
      name: `Bench ${i}`,
      connectionAddress: `10.0.${Math.floor(i / 250)}.${i % 250}:28015`,
    });
    servers.push({
      token: server.token,
      body: JSON.stringify({ maxPlayers: 200, map: 'Procedural Map', players: playersOf(i) }),
    });
  }
  return servers;
};

/** The load's client (one for the run: see behindNginx). */
let client;

/** Whether the plugin call answered 2xx. */
const plugin = (url, server, route, body) =>
  client.ok('POST', `${url}/api/plugin/v1/${route}`, pluginCall(server.token, body));

/** Every server's players reported once (the steady state of a live network). */
const warmUp = async (url, servers, concurrency) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < servers.length) {
        const server = servers[next++];
        await plugin(url, server, 'heartbeat', server.body);
      }
    }),
  );
};

const skipped = (why) => {
  console.log(`  two instances behind nginx: skipped, ${why}`);
  return [];
};

/**
 * Runs the comparison and prints it; answers [whether its targets were met], or [] when it could
 * not run here (said why). BENCH_INGEST_NGINX=0 leaves it out.
 */
export async function behindNginx({ servers: count, concurrency, seconds, rounds, playersOf }) {
  if (process.env.BENCH_INGEST_NGINX === '0') return skipped('BENCH_INGEST_NGINX=0');
  if (!hasNginx()) return skipped(`no nginx at ${NGINX} (apt-get install nginx)`);
  if (!redisServerBinary()) return skipped('redis-server is not installed (apt-get install redis-server)');
  const alone = await freshPostgres();
  if (!alone) return skipped('PostgreSQL not reachable (set BENCH_DATABASE_URL)');
  const shared = await freshPostgres();
  client = loadClient({ connections: concurrency });
  const stops = [() => alone.drop(), () => shared.drop(), () => client.close()];
  try {
    const single = await startPanel({ DATABASE_URL: alone.url, DEMO: 'false', LOG_LEVEL: 'error' });
    stops.push(() => single.stop());
    const redis = await startRedis(await freePort());
    stops.push(() => redis.stop());
    const nginxPort = await freePort();
    const url = `http://localhost:${nginxPort}`;
    const instances = [];
    // One after the other: the first migrates the database. The same secrets, as the README says.
    for (let i = 0; i < 2; i += 1) {
      const instance = await startPanel({
        DATABASE_URL: shared.url,
        REDIS_URL: redis.url,
        JWT_SECRET: 'bench-ingest-jwt-secret-of-32-characters-or-more',
        SECRETS_KEY: 'c'.repeat(64),
        PUBLIC_URL: url,
        TRUST_PROXY: 'loopback',
        DEMO: 'false',
        LOG_LEVEL: 'error',
        // The sign-in mail lands in the first one's outbox whichever instance sends it.
        ...(instances[0] ? { DATA_DIR: instances[0].dataDir } : {}),
      });
      stops.push(() => instance.stop());
      instances.push(instance);
    }
    const nginx = await startNginx(
      nginxPort,
      instances.map((instance) => `127.0.0.1:${new URL(instance.url).port}`),
    );
    stops.push(() => nginx.stop());

    // A network per set-up of the one instance: each its own servers, each server's calls within
    // its plugin rate limit.
    const oneServers = await networkOn(single, count, playersOf);
    const oneHalfServers = await networkOn(single, count, playersOf);
    const twoServers = await networkOn({ url, dataDir: instances[0].dataDir }, count, playersOf);
    // Both set-ups at once, right before the turns, until a pass is quick: a server silent for
    // 30 s is set offline, and its next heartbeat (bringing its players back) costs far more than
    // a steady one. The first pass (every roster new) can take that long on a busy machine; a
    // quick pass leaves every server steady and just heard from. Each instance hears every server
    // directly: an instance takes a server's steady path once it has applied one full heartbeat
    // of it itself, as each has within a live network's first heartbeats through nginx.
    for (let pass = 0; pass < 5; pass += 1) {
      const started = Date.now();
      await Promise.all([
        (async () => {
          for (const instance of instances) await warmUp(instance.url, twoServers, concurrency);
        })(),
        (async () => {
          for (const list of [oneServers, oneHalfServers]) await warmUp(single.url, list, concurrency);
        })(),
      ]);
      if (Date.now() - started < 10_000) break;
    }
    const heartbeat = (target, list) => (n) =>
      plugin(target, list[n % list.length], 'heartbeat', list[n % list.length].body);
    const postgres = ({ name }) => name === 'postgres';
    const loadClient = ({ pid }) => pid === process.pid;
    const panel =
      (instance) =>
      ({ pid }) =>
        pid === instance.pid;
    // Its master process and the workers it started.
    const ofNginx = ({ pid, parent }) => pid === nginx.pid || parent === nginx.pid;
    const byItself = { panel: panel(single), PostgreSQL: postgres, 'load client': loadClient };
    const half = Math.max(1, Math.floor(concurrency / 2));
    const turns = await takingTurns(
      {
        one: { task: heartbeat(single.url, oneServers), concurrency, cpu: byItself },
        oneHalf: { task: heartbeat(single.url, oneHalfServers), concurrency: half, cpu: byItself },
        two: {
          task: heartbeat(url, twoServers),
          concurrency,
          cpu: {
            'panel A': panel(instances[0]),
            'panel B': panel(instances[1]),
            PostgreSQL: postgres,
            nginx: ofNginx,
            Redis: ({ pid }) => pid === redis.pid,
            'load client': loadClient,
          },
        },
      },
      { seconds, rounds },
    );
    const { one, two } = turns;

    let sent = 0;
    let stored = 0;
    const events = await load(
      async (n) => {
        const batch = Array.from({ length: 10 }, (_, i) => ({
          id: `lb-${n}-${i}`,
          type: 'chat',
          at: new Date().toISOString(),
          steamId: `7656119${String(n % count).padStart(5, '0')}${String(i).padStart(5, '0')}`,
          message: `hello ${n}-${i}`,
        }));
        sent += batch.length;
        const answer = await client.json(
          'POST',
          `${url}/api/plugin/v1/events`,
          pluginCall(twoServers[n % count].token, JSON.stringify({ events: batch })),
        );
        if (!answer) return false;
        stored += answer.data.accepted;
        return true;
      },
      { concurrency, seconds },
    );

    const ratio = two.rate / one.rate;
    const lost =
      Object.values(turns).reduce((sum, run) => sum + run.errors, 0) + events.errors + (sent - stored);
    const line = (label, run) =>
      `    ${label.padEnd(28)}${run.rate.toFixed(0).padStart(6)} heartbeats/s   p99 ${percentile(run.latencies, 99).toFixed(1)} ms   errors ${run.errors}`;
    const cpuLine = ({ cpuPerCall }) => {
      const parts = Object.entries(cpuPerCall).map(([label, us]) => `${label} ${us.toFixed(0)}`);
      const all = Object.values(cpuPerCall).reduce((sum, us) => sum + us, 0);
      return `${''.padEnd(34)}CPU µs per heartbeat: ${parts.join(', ')}; all ${all.toFixed(0)}`;
    };
    console.log(
      `  two instances behind nginx (PostgreSQL + Redis) beside one instance (PostgreSQL): ${count} servers x 100 players, ${concurrency} concurrent, ${seconds} s each`,
    );
    for (const [label, run] of [
      ['one instance', one],
      [`one instance, ${half} concurrent`, turns.oneHalf],
    ])
      console.log(`${line(label, run)}\n${cpuLine(run)}`);
    console.log(
      `${line('two behind nginx', two)}   (${ratio.toFixed(2)}x one instance, target >= ${TARGET.toFixed(2)}x)\n${cpuLine(two)}`,
    );
    console.log(
      `    events via nginx ${(events.latencies.length / events.elapsed).toFixed(0)} batches/s of 10   sent ${sent}   stored ${stored}   errors ${events.errors}`,
    );
    console.log(`    lost ${lost} (target 0)`);
    return [ratio >= TARGET && lost === 0];
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}
