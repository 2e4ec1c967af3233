// bench/players-query: GET /api/players (search + sort + page) over a network of a million players
// in PostgreSQL, p95 beside the same SQL run raw on the same database in the same run; then under
// load, beside a minimal node:http + pg server (minimal-server.mjs) answering the same requests with
// the same SQL, both loaded by one client at the same concurrency, taking turns.
// Targets: API p95 <= 1.5x the raw SQL p95, and < 20 ms; under load, the panel's p95 <= 1.3x the
// minimal server's. Knobs: BENCH_PLAYERS (1,000,000), BENCH_RUNS (60 of each, one at a time),
// BENCH_CONCURRENCY (4), BENCH_SECONDS (6 a side) and BENCH_ROUNDS (6 turns) for the load,
// BENCH_DATABASE_URL (the PostgreSQL server), OUTPOST_API_MAIN (another build of the panel).
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { API_KEY, interleaved, percentile, signIn } from '../support/api.mjs';
import { freshPostgres } from '../support/database.mjs';
import { loadClient } from '../support/load-client.mjs';
import { startPanel } from '../support/panel.mjs';
// bench/ingest's turns: each side warmed up, then taking turns, with the CPU time of its processes.
import { takingTurns } from '../ingest/load.mjs';
import { listPage } from './list-sql.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
// The load: concurrent requests from one client, seconds per side, turns per side.
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const LOAD_TARGET = 1.3;

/** Search terms and sorts a moderator would use; each run takes the next one. */
const QUERIES = [
  { search: 'Raider 12', sortBy: 'lastSeen', sortOrder: 'desc' },
  { search: '76561190000', sortBy: 'displayName', sortOrder: 'asc' },
  { search: '', sortBy: 'totalKills', sortOrder: 'desc' },
  { search: 'Raider 9', sortBy: 'playtime', sortOrder: 'desc' },
];

/** The minimal server (minimal-server.mjs) as a child process on the database at `url`. */
const startMinimal = async (url) => {
  const child = fork(new URL('./minimal-server.mjs', import.meta.url), {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the minimal server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/players`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill();
      }),
  };
};

/**
 * The panel's route and the minimal server, loaded by one client (undici, CONCURRENCY connections
 * to each) at the same concurrency with the same requests, taking turns; first checked to answer
 * the same pages. Prints each one's rate, p50 and p95 and its process's CPU time per request.
 */
const underLoad = async (panel, jwt, minimal, queryOf) => {
  const client = loadClient({ connections: CONCURRENCY });
  const headers = { 'x-api-key': API_KEY, authorization: `Bearer ${jwt}` };
  const panelUrl = (i) => `${panel.url}/api/players?${queryOf(i)}`;
  const minimalUrl = (i) => `${minimal.url}?${queryOf(i)}`;
  try {
    // The same page: its players (in order) and where it stands among the matches.
    const pageOf = ({ data }) => JSON.stringify({ ...data, players: data.players.map(({ id }) => id) });
    for (let i = 0; i < QUERIES.length * 3; i += 1) {
      const [a, b] = [
        await client.json('GET', panelUrl(i), { headers }),
        await client.json('GET', minimalUrl(i)),
      ];
      if (!a || !b || pageOf(a) !== pageOf(b))
        throw new Error(`the panel and the minimal server answered ${queryOf(i)} differently`);
    }
    const { panelRoute, bare } = await takingTurns(
      {
        panelRoute: {
          task: (i) => client.ok('GET', panelUrl(i), { headers }),
          concurrency: CONCURRENCY,
          cpu: { process: ({ pid }) => pid === panel.pid },
        },
        bare: {
          task: (i) => client.ok('GET', minimalUrl(i)),
          concurrency: CONCURRENCY,
          cpu: { process: ({ pid }) => pid === minimal.pid },
        },
      },
      { seconds: SECONDS, rounds: ROUNDS },
    );
    const line = (label, { rate, latencies, errors, cpuPerCall }) =>
      `    ${label}  ${rate.toFixed(0)} req/s   p50 ${percentile(latencies, 50).toFixed(1)} ms   p95 ${percentile(latencies, 95).toFixed(1)} ms   max ${Math.max(...latencies).toFixed(0)} ms   errors ${errors}   CPU ${cpuPerCall.process.toFixed(0)} µs/request`;
    const ratio = percentile(panelRoute.latencies, 95) / percentile(bare.latencies, 95);
    const met = ratio <= LOAD_TARGET && panelRoute.errors === 0 && bare.errors === 0;
    console.log(`  under load: ${CONCURRENCY} concurrent from one client, ${SECONDS} s each taking turns`);
    console.log(line('GET /api/players (panel)', panelRoute));
    console.log(line('node:http + pg (minimal)', bare));
    console.log(
      `    panel/minimal p95 ${ratio.toFixed(2)}x, req/s ${(panelRoute.rate / bare.rate).toFixed(2)}x (target p95 <= ${LOAD_TARGET.toFixed(2)}x: ${met ? 'PASS' : 'FAIL'})`,
    );
  } finally {
    await client.close();
  }
};

const pg = await freshPostgres();
if (!pg) {
  console.log('bench/players-query: PostgreSQL not reachable, skipped (set BENCH_DATABASE_URL)');
  process.exit(0);
}
const panel = await startPanel({ DATABASE_URL: pg.url, DEMO: 'false', LOG_LEVEL: 'error' });
const minimal = await startMinimal(pg.url);
const db = new Client({ connectionString: pg.url });
try {
  await db.connect();
  const owner = await signIn(panel, `bench-${Date.now()}@example.com`);
  const network = await owner.call('POST', '/api/networks', { name: 'Million' });
  const started = Date.now();
  // Seeded straight in SQL: a million rows through the plugin protocol would take the bench an hour.
  await db.query(
    `insert into players (id, network_id, steam_id, display_name, status, first_joined, last_seen,
       playtime_minutes, total_sessions, total_kills, total_deaths, headshots, groups)
     select gen_random_uuid(), $1, (76561190000000000 + g)::text, 'Raider ' || g,
       case when g % 50 = 0 then 'online' else 'offline' end,
       now() - (g % 900) * interval '1 day', now() - (g % 10000) * interval '1 minute',
       g % 5000, 1 + g % 40, g % 700, g % 500, g % 90, '["default"]'
     from generate_series(1, $2::int) as g`,
    [network.id, PLAYERS],
  );
  // What the heartbeat keeps as it creates players, kept here as the seed bypasses it.
  await db.query('update networks set player_count = $2 where id = $1', [network.id, PLAYERS]);
  await db.query('analyze players');
  console.log(
    `bench/players-query: ${PLAYERS} players seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  /** The i-th request: the next search and sort, pages 1 to 3, as the list's query string. */
  const queryOf = (i) =>
    new URLSearchParams({
      networkId: network.id,
      page: String(1 + (i % 3)),
      limit: '20',
      ...QUERIES[i % QUERIES.length],
    });

  const api = [];
  const apiOnce = async (i) => {
    const t0 = performance.now();
    await owner.call('GET', `/api/players?${queryOf(i)}`);
    api.push(performance.now() - t0);
  };
  // The raw baseline: the statements GET /api/players sends for an owner (list-sql.mjs), run on
  // the same database with the same values.
  const raw = [];
  const rawOnce = async (i) => {
    const query = Object.fromEntries(queryOf(i));
    const t0 = performance.now();
    await listPage(db, { ...query, page: Number(query.page), limit: Number(query.limit) });
    raw.push(performance.now() - t0);
  };
  // Each query shape once on both sides first, unmeasured: the panel's first requests compile its
  // code and open its pool's connections, the raw client's plans are cached; steady state is measured.
  await interleaved(QUERIES.length * 3, apiOnce, rawOnce);
  api.length = 0;
  raw.length = 0;
  await interleaved(RUNS, apiOnce, rawOnce);

  const apiP95 = percentile(api, 95);
  const rawP95 = percentile(raw, 95);
  const rawMet = apiP95 / rawP95 <= 1.5 && apiP95 < 20;
  console.log(`  GET /api/players  p95 ${apiP95.toFixed(1)} ms   p50 ${percentile(api, 50).toFixed(1)} ms`);
  console.log(`  raw SQL           p95 ${rawP95.toFixed(1)} ms   p50 ${percentile(raw, 50).toFixed(1)} ms`);
  console.log(
    `  ratio ${(apiP95 / rawP95).toFixed(2)}x (target <= 1.50x), p95 target < 20 ms: ${rawMet ? 'PASS' : 'FAIL'}`,
  );
  await underLoad(panel, owner.jwt, minimal, queryOf);
} finally {
  await db.end();
  await minimal.stop();
  await panel.stop();
  await pg.drop();
}
