// bench/automation: what server automation costs the panel, on PostgreSQL, each part on a panel
// of its own (services/api/dist, PLANS=off so every network has automation):
// - ingest.mjs: chat event batches with 1,000 chat triggers on 200 servers beside the same world
//   with them disabled, taking turns; target >= 0.9x the events/s.
// - schedules.mjs: 10,000 schedules due at the same minute; target: their runs start within 1 s
//   (p99) of their time, each once, beside as many bare timers for that instant.
// BENCH_AUTOMATION_PARTS picks the parts (ingest,schedules); BENCH_ROUNDS the turns of the first,
// BENCH_SCHEDULES the schedules of the second.
import { freshPostgres } from '../support/database.mjs';
import { startPanel } from '../support/panel.mjs';
import { ingestWithTriggers } from './ingest.mjs';
import { scheduleStarts } from './schedules.mjs';
import { sqlClient } from './world.mjs';

const SERVERS = Number(process.env.BENCH_SERVERS ?? 200);
const NETWORKS = Number(process.env.BENCH_NETWORKS ?? 10);
const TRIGGERS = Number(process.env.BENCH_TRIGGERS ?? 1_000);
const SCHEDULES = Number(process.env.BENCH_SCHEDULES ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);

/** `measure(panel, sql)` on a panel of its own and a fresh database; answers its result. */
const onFreshPanel = async (measure) => {
  const pg = await freshPostgres();
  if (!pg) {
    console.log('  PostgreSQL not reachable, skipped (set BENCH_DATABASE_URL)');
    return true;
  }
  try {
    const panel = await startPanel({ DATABASE_URL: pg.url, DEMO: 'false', LOG_LEVEL: 'error', PLANS: 'off' });
    const sql = await sqlClient(pg.url);
    try {
      return await measure(panel, sql);
    } finally {
      await sql.end();
      await panel.stop();
    }
  } finally {
    await pg.drop();
  }
};

console.log('bench/automation');
const parts = new Set((process.env.BENCH_AUTOMATION_PARTS ?? 'ingest,schedules').split(','));
const results = [];
if (parts.has('ingest'))
  results.push(
    await onFreshPanel((panel, sql) =>
      ingestWithTriggers(panel, sql, {
        servers: SERVERS,
        networks: NETWORKS,
        triggers: TRIGGERS,
        concurrency: CONCURRENCY,
        seconds: SECONDS,
        rounds: ROUNDS,
      }),
    ),
  );
if (parts.has('schedules'))
  results.push(
    await onFreshPanel((panel, sql) =>
      scheduleStarts(panel, sql, { schedules: SCHEDULES, servers: SERVERS, networks: NETWORKS }),
    ),
  );
console.log(`  targets: ${results.every(Boolean) ? 'met' : 'NOT met'}`);
