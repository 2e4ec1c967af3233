// bench/automation, part 2: 10,000 schedules (each on one server: one run each) due at the same
// whole minute, seeded straight into the panel's database, and the real leader's scheduler left
// to claim them. Measured from the rows: how long after their time the runs are in the database
// (read every POLL_MS by the bench) and the start delay each run records (started_at - due_at).
// Baseline at the same instant: as many timers in a bare Node process (timers.mjs), the floor a
// process on this machine meets. Target: p99 within 1 s of their time, each schedule run once.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile, sleep } from '../support/api.mjs';
import { countCpu } from '../support/process-cpu.mjs';
import { backendsOf, seedWorld } from './world.mjs';

const TARGET_MS = 1_000;
const POLL_MS = 50;
/** The due minute is at least this far ahead once the rows are in (the panel sits idle meanwhile). */
const LEAD_MS = 5_000;
/** The bench gives up once no run has come for this long. */
const STALL_MS = 15_000;
const ROWS_PER_INSERT = 1_000;

const here = path.dirname(fileURLToPath(import.meta.url));
const ms = (value) => (value === null ? 'never' : `${Math.round(value)} ms`);
const spread = (samples) =>
  `p50 ${ms(percentile(samples, 50))}   p99 ${ms(percentile(samples, 99))}   max ${ms(Math.max(...samples))}`;

/** `count` no-op timers for `instant` in a bare Node process; answers how late each fired (ms). */
const timersFloor = (instant, count) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'timers.mjs'), String(instant), String(count)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`timers: ${code}`)),
    );
  });

/** `count` enabled schedules, one server each (round the servers), not due yet (next_run_at null). */
const seedSchedules = async (sql, servers, count) => {
  const actions = JSON.stringify([
    { type: 'broadcast', message: 'Restart in 5 minutes', delaySeconds: 0, continueOnFailure: false },
  ]);
  const now = new Date();
  for (let from = 0; from < count; from += ROWS_PER_INSERT) {
    const values = [];
    const params = [];
    for (let i = from; i < Math.min(count, from + ROWS_PER_INSERT); i += 1) {
      const server = servers[i % servers.length];
      const row = [
        randomUUID(),
        server.networkId,
        `Restart warning ${i}`,
        JSON.stringify([server.id]),
        actions,
        now,
      ];
      values.push(
        `(${row.map((_, k) => `$${params.length + k + 1}`).join(', ')}, true, 'schedule', 0, 0, $${params.length + 6})`,
      );
      params.push(...row);
    }
    await sql.query(
      `INSERT INTO automations (id, network_id, name, server_ids, actions, created_at, enabled, kind,
         cooldown_seconds, per_player_cooldown_seconds, updated_at) VALUES ${values.join(', ')}`,
      params,
    );
  }
};

/**
 * Runs the schedules' start delay on `panel` (PostgreSQL, reached by `sql` too) and prints it;
 * answers whether its target was met.
 */
export async function scheduleStarts(panel, sql, { schedules, servers, networks }) {
  const { networks: made } = await seedWorld(panel, { networks, servers, label: 'schedules' });
  const all = made.flatMap((network) =>
    network.servers.map((server) => ({ ...server, networkId: network.id })),
  );
  await seedSchedules(sql, all, schedules);
  // The next whole minute at least LEAD_MS ahead: every schedule is "at that minute, every day".
  const due = new Date(Math.ceil((Date.now() + LEAD_MS) / 60_000) * 60_000);
  const schedule = JSON.stringify({
    cron: `${due.getUTCMinutes()} ${due.getUTCHours()} * * *`,
    timezone: 'UTC',
    onlyWhenOnline: false,
  });
  await sql.query(`UPDATE automations SET schedule = $1, next_run_at = $2 WHERE kind = 'schedule'`, [
    schedule,
    due,
  ]);
  console.log(
    `  schedules: ${schedules} schedules (each on one of ${all.length} servers over ${networks} networks), all due at ${due.toISOString().slice(11, 19)} UTC (${((due.getTime() - Date.now()) / 1000).toFixed(0)} s from now)`,
  );
  const floor = timersFloor(due.getTime(), schedules);
  // The CPU time the start takes: the panel's, and that of its PostgreSQL backends (its pool).
  await sleep(Math.max(0, due.getTime() - Date.now() - 1_000));
  const backends = new Set(await backendsOf(sql));
  const used = countCpu({
    panel: ({ pid }) => pid === panel.pid,
    PostgreSQL: ({ pid }) => backends.has(pid),
  });

  // When the runs came: the bench reads how many there are every POLL_MS.
  const seen = [];
  let last = { at: Date.now(), count: 0 };
  while (last.count < schedules && Date.now() - Math.max(last.at, due.getTime()) < STALL_MS) {
    await sleep(POLL_MS);
    const { rows } = await sql.query('SELECT count(*) AS n FROM automation_runs WHERE due_at = $1', [due]);
    const count = Number(rows[0].n);
    const at = Date.now();
    if (count > last.count) {
      seen.push({ at, count });
      last = { at, count };
    }
  }
  const cpu = used();
  /** The ms after the due time by which `share` of the runs were in the database (null: never). */
  const whenShare = (share) => {
    const reached = seen.find(({ count }) => count >= Math.ceil(share * schedules));
    return reached ? reached.at - due.getTime() : null;
  };
  const { rows } = await sql.query(
    `SELECT EXTRACT(EPOCH FROM started_at - due_at) * 1000 AS delay, automation_id FROM automation_runs
       WHERE due_at = $1`,
    [due],
  );
  const recorded = rows.map((row) => Number(row.delay));
  const once = new Set(rows.map((row) => row.automation_id)).size;
  const timers = await floor;

  const inDb = { p50: whenShare(0.5), p99: whenShare(0.99), all: whenShare(1) };
  const p99 = Math.max(inDb.p99 ?? Infinity, recorded.length ? percentile(recorded, 99) : Infinity);
  const met = p99 <= TARGET_MS && once === schedules && rows.length === schedules;
  console.log(
    `    runs started     ${rows.length} of ${schedules}, ${once} schedules (${rows.length - once} started twice)`,
  );
  console.log(
    `    in the database  p50 ${ms(inDb.p50)}   p99 ${ms(inDb.p99)}   all ${ms(inDb.all)} after their time (read every ${POLL_MS} ms)`,
  );
  console.log(
    `    started_at       ${recorded.length ? spread(recorded) : 'no runs'} after due_at, as each run records it`,
  );
  console.log(
    `    CPU time         panel ${ms(cpu.panel)}, PostgreSQL ${ms(cpu.PostgreSQL)} from 1 s before their time until the last run`,
  );
  console.log(
    `    baseline         ${spread(timers)} late: ${schedules} setTimeout for the same instant in a bare Node process`,
  );
  console.log(`    (target p99 <= ${TARGET_MS / 1000} s, each once: ${met ? 'PASS' : 'FAIL'})`);
  return met;
}
