// bench/ingest: plugin heartbeats (100 players each) from many simulated servers against the real
// API, on SQLite and on PostgreSQL, beside a hello-world route (/health/live) of the same app
// measured in the same run with the same concurrency, the two taking turns after a warm-up. Also
// sends event batches and counts them.
// Targets: heartbeats/s >= 0.6x the hello-world rate, p99 < 100 ms, 0 errors, 0 lost events.
// Then two instances behind nginx beside one instance (behind-nginx.mjs; BENCH_INGEST_NGINX=0 skips it).
// And the heartbeats with the metrics on beside off (METRICS_ENABLED), target >= 0.9x
// (BENCH_INGEST_PARTS picks the parts to run, see the end).
import { percentile, signIn } from '../support/api.mjs';
import { freshPostgres } from '../support/database.mjs';
import { loadClient, pluginCall } from '../support/load-client.mjs';
import { startPanel } from '../support/panel.mjs';
import { behindNginx } from './behind-nginx.mjs';

// Enough servers that none passes the plugin API's limit of 120 calls a minute per server: the
// heartbeats (about 4,000 a second on PostgreSQL for 8 s of turns and warm-ups) and the event
// batches, shared by 600 servers, come to about 70 a server.
const SERVERS = Number(process.env.BENCH_SERVERS ?? 600);
const PLAYERS = 100;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
// Turns of a second: a slower or faster spell of the machine (they come and go within seconds here)
// falls on both sides of a comparison.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);

const playersOf = (server) =>
  Array.from({ length: PLAYERS }, (_, i) => ({
    steamId: `7656119${String(server).padStart(5, '0')}${String(i).padStart(5, '0')}`,
    name: `Player ${server}-${i}`,
    ip: `10.${server % 250}.${Math.floor(i / 250)}.${i % 250}`,
    ping: 20 + (i % 80),
    connectedSeconds: 60 * i,
  }));

/** Runs `task` from CONCURRENCY workers for `seconds`; answers the latencies and errors. */
const load = async (task, seconds) => {
  const latencies = [];
  let errors = 0;
  let sequence = 0;
  const until = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        const n = sequence++;
        const t0 = performance.now();
        try {
          if (!(await task(n))) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, errors, elapsed: (Date.now() - started) / 1000 };
};

/**
 * Measures two tasks fairly: each first runs for a second unmeasured (the JIT warms up on both
 * routes), then they take turns, ROUNDS times each for SECONDS / ROUNDS, so a slower or faster
 * spell of the machine falls on both. Answers each one's rate, p99 and errors over its turns.
 */
const interleaved = async (named) => {
  // Numbered across turns, so each turn goes on through the servers where the last one stopped.
  const tasks = Object.fromEntries(
    Object.entries(named).map(([name, task]) => {
      let next = 0;
      return [name, () => task(next++)];
    }),
  );
  for (const task of Object.values(tasks)) await load(task, 1);
  const runs = Object.fromEntries(Object.keys(tasks).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round += 1)
    for (const [name, task] of Object.entries(tasks)) runs[name].push(await load(task, SECONDS / ROUNDS));
  return Object.fromEntries(
    Object.entries(runs).map(([name, turns]) => {
      const latencies = turns.flatMap((turn) => turn.latencies);
      const elapsed = turns.reduce((sum, turn) => sum + turn.elapsed, 0);
      const errors = turns.reduce((sum, turn) => sum + turn.errors, 0);
      return [name, { rate: latencies.length / elapsed, p99: percentile(latencies, 99), errors }];
    }),
  );
};

/** A network of SERVERS servers on `panel`, every one's players reported once (warm-up). */
const prepare = async (panel, client) => {
  const owner = await signIn(panel, `bench-${Date.now()}@example.com`);
  const network = await owner.call('POST', '/api/networks', { name: 'Bench Network' });
  const servers = [];
  for (let i = 0; i < SERVERS; i += 1) {
    const server = await owner.call('POST', `/api/servers/network/${network.id}`, {
      name: `Bench ${i}`,
      connectionAddress: `10.0.${Math.floor(i / 250)}.${i % 250}:28015`,
    });
    servers.push({
      token: server.token,
      body: JSON.stringify({ maxPlayers: 200, map: 'Procedural Map', players: playersOf(i) }),
    });
  }
  /** Whether the call answered 2xx. */
  const plugin = (server, path, body) =>
    client.ok('POST', `${panel.url}/api/plugin/v1/${path}`, pluginCall(server.token, body));
  /** The call's answer (its `data`), or null when it was not 2xx. */
  const pluginJson = async (server, path, body) =>
    (await client.json('POST', `${panel.url}/api/plugin/v1/${path}`, pluginCall(server.token, body)))?.data ??
    null;
  // Warm-up: every server's players exist once (the steady state of a live network), reported
  // CONCURRENCY servers at a time so that the last is not far behind the first.
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < servers.length) {
        const server = servers[next++];
        await plugin(server, 'heartbeat', server.body);
      }
    }),
  );
  return { servers, plugin, pluginJson };
};

const runOn = async (label, env) => {
  const panel = await startPanel({ ...env, DEMO: 'false', LOG_LEVEL: 'error' });
  const client = loadClient({ connections: CONCURRENCY });
  try {
    const { servers, plugin, pluginJson } = await prepare(panel, client);
    const { hello, ingest } = await interleaved({
      hello: () => client.ok('GET', `${panel.url}/health/live`),
      ingest: (n) => plugin(servers[n % servers.length], 'heartbeat', servers[n % servers.length].body),
    });

    let sent = 0;
    let stored = 0;
    const eventsRun = await load(async (n) => {
      const server = servers[n % servers.length];
      const batch = Array.from({ length: 10 }, (_, i) => ({
        id: `e-${n}-${i}`,
        type: 'chat',
        at: new Date().toISOString(),
        steamId: `7656119${String(n % servers.length).padStart(5, '0')}${String(i).padStart(5, '0')}`,
        message: `hello ${n}-${i}`,
      }));
      sent += batch.length;
      const answer = await pluginJson(server, 'events', JSON.stringify({ events: batch }));
      if (!answer) return false;
      stored += answer.accepted;
      return true;
    }, SECONDS);
    const events = { rate: eventsRun.latencies.length / eventsRun.elapsed, errors: eventsRun.errors };
    const ratio = ingest.rate / hello.rate;
    console.log(
      `  ${label}: ${SERVERS} servers x ${PLAYERS} players, ${CONCURRENCY} concurrent, ${SECONDS} s each`,
    );
    console.log(
      `    hello-world  ${hello.rate.toFixed(0)} req/s   p99 ${hello.p99.toFixed(1)} ms   errors ${hello.errors}`,
    );
    console.log(
      `    heartbeats   ${ingest.rate.toFixed(0)} /s      p99 ${ingest.p99.toFixed(1)} ms   errors ${ingest.errors}   (${ratio.toFixed(2)}x hello-world, target >= 0.60x; p99 target < 100 ms)`,
    );
    console.log(
      `    events       ${events.rate.toFixed(0)} batches/s of 10   sent ${sent}   stored ${stored}   lost ${sent - stored}   errors ${events.errors}`,
    );
    return ratio >= 0.6 && ingest.p99 < 100 && ingest.errors === 0 && events.errors === 0 && sent === stored;
  } finally {
    await client.close();
    await panel.stop();
  }
};

/**
 * The same heartbeat load on two panels at once, one with METRICS_ENABLED=false and one with it on
 * (each on its own SQLite database), taking turns: gathering the metrics must cost the heartbeat
 * little. Target: with them >= 0.9x the rate without.
 */
const metricsOnOff = async () => {
  const off = await startPanel({ DEMO: 'false', LOG_LEVEL: 'error', METRICS_ENABLED: 'false' });
  const on = await startPanel({ DEMO: 'false', LOG_LEVEL: 'error', METRICS_ENABLED: 'true' });
  const client = loadClient({ connections: CONCURRENCY });
  try {
    const [a, b] = [await prepare(off, client), await prepare(on, client)];
    const heartbeatOn =
      ({ servers, plugin }) =>
      (n) =>
        plugin(servers[n % servers.length], 'heartbeat', servers[n % servers.length].body);
    // Every server of both reported again, both at once, right before the turns: the panel set up
    // first sat silent while the other was (on a busy machine longer than the 33 s after which its
    // servers are set offline), and its turns would then measure servers coming back (sessions
    // opened again) against the other's steady heartbeats. A connection the panel closed as idle
    // just as it was reused is tried once more.
    await Promise.all(
      [a, b].map(async (setUp) => {
        const send = heartbeatOn(setUp);
        const again = (n) => send(n).catch(() => send(n));
        for (let n = 0; n < SERVERS; n += CONCURRENCY)
          await Promise.all(
            Array.from({ length: Math.min(CONCURRENCY, SERVERS - n) }, (_, i) => again(n + i)),
          );
      }),
    );
    const { metricsOff, metricsOn } = await interleaved({
      metricsOff: heartbeatOn(a),
      metricsOn: heartbeatOn(b),
    });
    const ratio = metricsOn.rate / metricsOff.rate;
    console.log(`  metrics on/off (SQLite, ${SERVERS} servers, ${CONCURRENCY} concurrent, taking turns)`);
    console.log(
      `    metrics off  ${metricsOff.rate.toFixed(0)} heartbeats/s   p99 ${metricsOff.p99.toFixed(1)} ms   errors ${metricsOff.errors}`,
    );
    console.log(
      `    metrics on   ${metricsOn.rate.toFixed(0)} heartbeats/s   p99 ${metricsOn.p99.toFixed(1)} ms   errors ${metricsOn.errors}   (${ratio.toFixed(2)}x, target >= 0.90x)`,
    );
    return ratio >= 0.9 && metricsOn.errors === 0 && metricsOff.errors === 0;
  } finally {
    await client.close();
    await Promise.all([off.stop(), on.stop()]);
  }
};

console.log('bench/ingest');
// BENCH_INGEST_PARTS picks parts (comma-separated: sqlite, metrics, postgres, nginx); all by default.
// BENCH_INGEST_ONLY_METRICS=1 is the same as BENCH_INGEST_PARTS=metrics.
const parts = new Set(
  (process.env.BENCH_INGEST_ONLY_METRICS === '1'
    ? 'metrics'
    : (process.env.BENCH_INGEST_PARTS ?? 'sqlite,metrics,postgres,nginx')
  ).split(','),
);
const results = [];
if (parts.has('sqlite')) results.push(await runOn('SQLite', {}));
if (parts.has('metrics')) results.push(await metricsOnOff());
if (parts.has('postgres')) {
  const pg = await freshPostgres();
  if (pg) {
    try {
      results.push(await runOn('PostgreSQL', { DATABASE_URL: pg.url }));
    } finally {
      await pg.drop();
    }
  } else console.log('  PostgreSQL: not reachable, skipped (set BENCH_DATABASE_URL)');
}
if (parts.has('nginx'))
  results.push(
    ...(await behindNginx({
      servers: SERVERS,
      concurrency: CONCURRENCY,
      seconds: SECONDS,
      rounds: ROUNDS,
      playersOf,
    })),
  );
console.log(`  targets: ${results.every(Boolean) ? 'met' : 'NOT met'}`);
