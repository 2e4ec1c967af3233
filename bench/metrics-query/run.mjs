// bench/metrics-query: a server's history (GET /api/servers/{id}/metrics?range=30d|24h|7d) on
// PostgreSQL holding 30 days of one-minute samples for 200 servers, stored as the metrics module
// keeps them (seed.mjs: one-minute buckets for 48 h, five-minute for 14 days, hourly for the whole
// span; about 1.5 million rows), read by the network's owner (on the Premium plan: ranges beyond
// 24 h are Premium's). Beside each figure, in the same run and taking turns with it, the same
// statements run raw on the same database with the pg client (the buckets of the range and the
// status changes that give its uptime, services/api/src/modules/metrics/metrics-query.ts and
// modules/servers/status-changes.ts), and the floor of any API request. Each request reads another
// server. Target: the 30-day p95 < 30 ms.
// BENCH_DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/test),
// BENCH_METRICS_SERVERS the servers (200), BENCH_METRICS_DAYS the days (30), BENCH_RUNS the
// requests per range (200).
import { createRequire } from 'node:module';
import { percentile, signIn } from '../support/api.mjs';
import { freshPostgres } from '../support/database.mjs';
import { setPlan, startPanel } from '../support/panel.mjs';
import { seedMetrics } from './seed.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');

const SERVERS = Number(process.env.BENCH_METRICS_SERVERS ?? 200);
const DAYS = Number(process.env.BENCH_METRICS_DAYS ?? 30);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TARGET_MS = 30;

/** libs/contracts/src/metrics.ts METRIC_RANGE_MS and each range's table (metrics.service.ts). */
const RANGES = [
  { range: '30d', ms: 30 * 86_400_000, table: 'metric_hours', sizeMs: 3_600_000 },
  { range: '24h', ms: 86_400_000, table: 'metric_minutes', sizeMs: 60_000 },
  { range: '7d', ms: 7 * 86_400_000, table: 'metric_five_minutes', sizeMs: 300_000 },
];

/** The statements MetricsService.server sends for one server's range, with the same values. */
const rawRange = async (db, { table, ms, sizeMs }, serverId) => {
  const now = Date.now();
  const from = now - ms;
  const { rows } = await db.query(
    `select * from ${table} where server_id = $1 and bucket_at >= $2 and bucket_at <= $3 order by bucket_at`,
    [serverId, Math.floor(from / sizeMs) * sizeMs, now],
  );
  await db.query(
    `select c.server_id, c.status, c.at from server_status_changes c
      where c.server_id in ($1)
        and (c.at >= $2 or c.at = (select max(p.at) from server_status_changes p
          where p.server_id = c.server_id and p.at < $3))
      order by c.server_id, c.at, c.id`,
    [serverId, from, from],
  );
  return rows.length;
};

const pg = await freshPostgres();
if (!pg) {
  console.log('bench/metrics-query: PostgreSQL not reachable, skipped (set BENCH_DATABASE_URL)');
  process.exit(0);
}
const env = { DATABASE_URL: pg.url, DEMO: 'false', LOG_LEVEL: 'error' };
const panel = await startPanel(env);
const db = new Client({ connectionString: pg.url });
try {
  await db.connect();
  const email = `bench-metrics-${Date.now()}@example.com`;
  const owner = await signIn(panel, email);
  setPlan(env, email, 'premium');
  const network = await owner.call('POST', '/api/networks', { name: 'A Month of Minutes' });
  const serverIds = [];
  for (let i = 0; i < SERVERS; i += 1)
    serverIds.push(
      (await owner.call('POST', `/api/servers/network/${network.id}`, { name: `EU ${i + 1}` })).id,
    );

  // Straight into the tables: a month of heartbeats through the plugin API would take a month.
  const started = performance.now();
  const seeded = await seedMetrics(
    async () => {
      const client = new Client({ connectionString: pg.url });
      await client.connect();
      return client;
    },
    { networkId: network.id, serverIds, days: DAYS, now: Date.now() },
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const rows = Object.entries(seeded.rows).map(([table, n]) => `${table} ${n.toLocaleString('en')}`);
  console.log(
    `bench/metrics-query: ${SERVERS} servers x ${DAYS} days, ${seeded.samples.toLocaleString('en')} one-minute samples` +
      ` stored as ${rows.join(', ')} rows in ${seconds} s`,
  );

  const fmt = (samples) =>
    `p50 ${percentile(samples, 50).toFixed(1).padStart(5)} ms  p95 ${percentile(samples, 95).toFixed(1).padStart(5)} ms`;
  let met = true;
  for (const spec of RANGES) {
    const api = [];
    const raw = [];
    let points = 0;
    let mismatches = 0;
    // Servers in a stride through all of them, the same one for the API and the raw statements.
    const serverOf = (i) => serverIds[(i * 37) % serverIds.length];
    const once = async (i, record) => {
      let answered = 0;
      let read = 0;
      const viaApi = async () => {
        const t0 = performance.now();
        const metrics = await owner.call('GET', `/api/servers/${serverOf(i)}/metrics?range=${spec.range}`);
        if (record) api.push(performance.now() - t0);
        answered = metrics.points.length;
      };
      const viaSql = async () => {
        const t0 = performance.now();
        read = await rawRange(db, spec, serverOf(i));
        if (record) raw.push(performance.now() - t0);
      };
      // Taking turns at going first, so that neither reads pages the other warmed.
      for (const step of i % 2 === 0 ? [viaApi, viaSql] : [viaSql, viaApi]) await step();
      // A bucket may begin between the two reads: a difference of one is the clock, not a bug.
      if (Math.abs(answered - read) > 1) mismatches += 1;
      if (record) points += answered;
    };
    // A first pass unrecorded (the JIT, the statements' plans), then RUNS recorded.
    for (let i = 0; i < 20; i += 1) await once(i, false);
    for (let i = 0; i < RUNS; i += 1) await once(i, true);
    const p95 = percentile(api, 95);
    const target =
      spec.range === '30d' ? `   (target p95 < ${TARGET_MS} ms: ${p95 < TARGET_MS ? 'met' : 'NOT met'})` : '';
    if (spec.range === '30d') met = p95 < TARGET_MS && mismatches === 0;
    console.log(
      `  ${spec.range.padEnd(4)} ${String(Math.round(points / RUNS)).padStart(5)} points   API ${fmt(api)}   raw SQL ${fmt(raw)}${target}`,
    );
    if (mismatches)
      console.log(`    ${mismatches} answers differed from the raw rows by more than one bucket`);
  }

  // The floor of any request through the API (the session, the access check, the framework).
  const floor = [];
  for (let i = 0; i < 100; i += 1) {
    const t0 = performance.now();
    await owner.call('GET', `/api/networks/${network.id}`);
    floor.push(performance.now() - t0);
  }
  console.log(`  the API's floor (GET /api/networks/{id}, ${floor.length} times): ${fmt(floor)}`);
  console.log(`  targets: ${met ? 'met' : 'NOT met'}`);
} finally {
  await db.end();
  await panel.stop();
  await pg.drop();
}
