// bench/players-query: GET /api/players (search + sort + page) over a network of a million players
// in PostgreSQL, p95 beside the same SQL run raw on the same database in the same run.
// Targets: API p95 <= 1.5x the raw SQL p95, and < 20 ms.
import { createRequire } from 'node:module';
import { interleaved, percentile, signIn } from '../support/api.mjs';
import { freshPostgres } from '../support/database.mjs';
import { startPanel } from '../support/panel.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);

/** Search terms and sorts a moderator would use; each run takes the next one. */
const QUERIES = [
  { search: 'Raider 12', sortBy: 'lastSeen', sortOrder: 'desc' },
  { search: '76561190000', sortBy: 'displayName', sortOrder: 'asc' },
  { search: '', sortBy: 'totalKills', sortOrder: 'desc' },
  { search: 'Raider 9', sortBy: 'playtime', sortOrder: 'desc' },
];

const pg = await freshPostgres();
if (!pg) {
  console.log('bench/players-query: PostgreSQL not reachable, skipped (set BENCH_DATABASE_URL)');
  process.exit(0);
}
const panel = await startPanel({ DATABASE_URL: pg.url, DEMO: 'false', LOG_LEVEL: 'error' });
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

  const api = [];
  const apiOnce = async (i) => {
    const q = QUERIES[i % QUERIES.length];
    const params = new URLSearchParams({
      networkId: network.id,
      page: String(1 + (i % 3)),
      limit: '20',
      ...q,
    });
    const t0 = performance.now();
    await owner.call('GET', `/api/players?${params}`);
    api.push(performance.now() - t0);
  };

  // The raw baseline: the statements GET /api/players sends for an owner, run on the same
  // database with the same parameters: the network's kept total, or with a search the count of
  // the disjoint per-field arms (steamId, IP, past IP, name's start, name anywhere; up to 1,000), then the page (sorted
  // from the arms up to 1,000 matches, else a walk of the sort column's index keeping the
  // matches, as the API does).
  const columns = {
    lastSeen: 'p.last_seen',
    displayName: 'p.display_name',
    totalKills: 'p.total_kills',
    playtime: 'p.playtime_minutes',
  };
  const raw = [];
  const rawOnce = async (i) => {
    const q = QUERIES[i % QUERIES.length];
    const order = `${q.sortOrder}`;
    const offset = 20 * (i % 3);
    const sort = columns[q.sortBy];
    const t0 = performance.now();
    if (!q.search) {
      await db.query('select player_count from networks where id = $1', [network.id]);
      await db.query(
        `select p.* from players as p where p.network_id = $1 order by ${sort} ${order}, p.id ${order} limit 20 offset ${offset}`,
        [network.id],
      );
    } else {
      const like = (pattern) => `like ${pattern} escape '\\'`;
      const namePrefix = `lower(p.display_name) ${like('$4')}`;
      const name = `lower(p.display_name) ${like('$2')}`;
      const steam = `p.steam_id ${like('$3')}`;
      const lastIp = `p.last_ip ${like('$3')}`;
      const hadLastIp = `coalesce(p.last_ip ${like('$3')}, false)`;
      const pastIp = `select player_id from player_ips where ip ${like('$3')}`;
      // Each arm reads at most one row past the count's cap, in a subquery of its own.
      const arm = (where, n) =>
        `select * from (select p.id, ${sort} as k from players as p where p.network_id = $1 and ${where} limit 1001) as a${n}`;
      const arms = [
        arm(steam, 0),
        arm(`${lastIp} and not (${steam})`, 1),
        arm(`p.id in (${pastIp}) and not (${steam} or ${hadLastIp})`, 2),
        arm(`${namePrefix} and not (${steam} or ${hadLastIp} or p.id in (${pastIp}))`, 3),
        arm(`${name} and not (${namePrefix} or ${steam} or ${hadLastIp} or p.id in (${pastIp}))`, 4),
      ].join(' union all ');
      const args = [network.id, `%${q.search.toLowerCase()}%`, `${q.search}%`, `${q.search.toLowerCase()}%`];
      // Counted up to 1,000 matches (past that the total is a lower bound).
      const [{ count }] = (
        await db.query(`select count(*) from (select m.id from (${arms}) as m limit 1001) as c`, args)
      ).rows;
      if (Number(count) <= 1000) {
        const page = await db.query(
          `select id from (${arms}) as m order by k ${order}, id ${order} limit 20 offset ${offset}`,
          args,
        );
        await db.query('select * from players where id = any($1)', [page.rows.map((row) => row.id)]);
      } else
        await db.query(
          `select p.* from players as p where p.network_id = $1
             and (${name} or ${steam} or ${lastIp} or p.id in (${pastIp}))
           order by ${sort} ${order}, p.id ${order} limit 21 offset ${offset}`,
          args.slice(0, 3),
        );
    }
    raw.push(performance.now() - t0);
  };
  await interleaved(RUNS, apiOnce, rawOnce);

  const apiP95 = percentile(api, 95);
  const rawP95 = percentile(raw, 95);
  console.log(`  GET /api/players  p95 ${apiP95.toFixed(1)} ms   p50 ${percentile(api, 50).toFixed(1)} ms`);
  console.log(`  raw SQL           p95 ${rawP95.toFixed(1)} ms   p50 ${percentile(raw, 50).toFixed(1)} ms`);
  console.log(
    `  ratio ${(apiP95 / rawP95).toFixed(2)}x (target <= 1.50x), p95 target < 20 ms: ${apiP95 / rawP95 <= 1.5 && apiP95 < 20 ? 'met' : 'NOT met'}`,
  );
} finally {
  await db.end();
  await panel.stop();
  await pg.drop();
}
