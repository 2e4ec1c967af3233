// bench/punishments-query: GET /api/networks/{id}/punishments (the Punishments area's list: newest
// first, filters, search, keyset pages) over a million punishments in PostgreSQL, p95 beside the
// same SQL run raw on the same database in the same run. Target: API p95 < 20 ms.
//
// The indexes were chosen with it: punishments (network_id, issued_at, id) lets every page walk the
// network's punishments newest first and stop after limit + 1 matches (without it PostgreSQL sorts
// the network's million rows: see BENCH_DROP_INDEX below), and a search goes through the players'
// own search indexes, then punishments by player_id (the index (player_id, issued_at)).
import { createRequire } from 'node:module';
import { interleaved, percentile, signIn } from '../support/api.mjs';
import { freshPostgres } from '../support/database.mjs';
import { startPanel } from '../support/panel.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const PUNISHMENTS = Number(process.env.BENCH_PUNISHMENTS ?? 1_000_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 400);
const LIMIT = 50;

/** What a moderator asks for; each run takes the next one (a cursor: the first page's). */
const QUERIES = [
  {},
  { kind: 'ban' },
  { state: 'active' },
  { kind: 'warn' },
  { search: '76561190000012345' },
  { search: 'raider 4242' },
  { page: 2 },
  { state: 'lifted' },
];

/** The statement the API sends for a query (PunishmentsQuery.build), in PostgreSQL's words. */
const rawSql = (networkId, query, now, before) => {
  const args = [networkId];
  const arg = (value) => `$${args.push(value)}`;
  const where = ['p.network_id = $1'];
  if (query.kind) where.push(`p.type = ${arg(query.kind)}`);
  else where.push(`p.type in ('kick', 'warn', 'ban')`);
  if (query.state === 'active')
    where.push(
      `p.type = 'ban' and p.lifted_at is null and (p.expires_at is null or p.expires_at > ${arg(now)})`,
    );
  if (query.state === 'lifted') where.push(`p.type = 'ban' and p.lifted_at is not null`);
  if (query.search)
    where.push(
      `p.player_id in (select m.id from players as m where m.network_id = $1 and (m.steam_id = ${arg(query.search)}
        or lower(m.display_name) like ${arg(`%${query.search.toLowerCase()}%`)} escape '\\'))`,
    );
  if (before)
    where.push(
      `(p.issued_at < ${arg(before.at)} or (p.issued_at = ${arg(before.at)} and p.id < ${arg(before.id)}))`,
    );
  const text = `select p.id, p.type, p.steam_id, p.reason, p.issued_by_id, p.issued_by_name, p.issued_at, p.expires_at,
      p.lifted_at, p.scope, p.server_id, pl.display_name as player_name, s.name as server_name
    from punishments as p left join players as pl on pl.id = p.player_id left join servers as s on s.id = p.server_id
    where ${where.join(' and ')}
    order by p.issued_at desc, p.id desc limit ${LIMIT + 1}`;
  return { text, args };
};

const pg = await freshPostgres();
if (!pg) {
  console.log('bench/punishments-query: PostgreSQL not reachable, skipped (set BENCH_DATABASE_URL)');
  process.exit(0);
}
const panel = await startPanel({ DATABASE_URL: pg.url, DEMO: 'false', LOG_LEVEL: 'error' });
const db = new Client({ connectionString: pg.url });
try {
  await db.connect();
  const owner = await signIn(panel, `bench-${Date.now()}@example.com`);
  const network = await owner.call('POST', '/api/networks', { name: 'Million bans' });
  const servers = [];
  for (const name of ['EU Main', 'US Main', 'Asia']) {
    const created = await owner.call('POST', `/api/servers/network/${network.id}`, { name });
    servers.push(created.server?.id ?? created.id);
  }
  const started = Date.now();
  // Seeded straight in SQL: a million punishments through the API would take the bench hours.
  await db.query(
    `insert into players (id, network_id, steam_id, display_name, status, first_joined, last_seen,
       playtime_minutes, total_sessions, total_kills, total_deaths, headshots, groups)
     select gen_random_uuid(), $1, (76561190000000000 + g)::text, 'Raider ' || g, 'offline',
       now() - interval '900 days', now() - (g % 10000) * interval '1 minute', 0, 1, 0, 0, 0, '[]'
     from generate_series(1, $2::int) as g`,
    [network.id, PLAYERS],
  );
  // Kicks 40 %, warns 30 %, bans 30 % (a third of them lifted, a third timed: some ran out), one
  // every ~minute over two years, on the three servers; half the bans hold on the whole network.
  await db.query(
    `with pl as (select id, steam_id, row_number() over (order by steam_id) as n from players where network_id = $1)
     insert into punishments (id, network_id, player_id, steam_id, type, reason, issued_by_id, issued_by_name,
       issued_at, expires_at, lifted_at, server_id, scope, expiry_handled_at)
     select gen_random_uuid(), $1, pl.id, pl.steam_id, k.type, 'Reason ' || (g % 97), 'u1', 'Olivia Owner',
       k.at, k.expires, case when k.type = 'ban' and g % 3 = 2 then k.at + interval '1 hour' end,
       ($3::text[])[1 + g % 3], case when k.type = 'ban' and g % 2 = 0 then 'network' else 'server' end,
       case when k.expires <= now() then k.expires end
     from generate_series(1, $2::int) as g
     cross join lateral (select case when g % 10 < 4 then 'kick' when g % 10 < 7 then 'warn' else 'ban' end as type,
       now() - (g * interval '63 seconds') as at) as t
     cross join lateral (select t.type, t.at, case when t.type = 'ban' and g % 3 = 1
       then t.at + (g % 30) * interval '1 day' end as expires) as k
     join pl on pl.n = 1 + (g::bigint * 7919) % $4`,
    [network.id, PUNISHMENTS, servers, PLAYERS],
  );
  // Timed bans that ran out were handled by the expiry sweep long ago (as in a running panel), so
  // they are inserted handled: the panel's sweep must not find a million-row backlog mid-bench.
  if (process.env.BENCH_DROP_INDEX) await db.query(`drop index if exists ${process.env.BENCH_DROP_INDEX}`);
  await db.query('analyze players');
  await db.query('analyze punishments');
  console.log(
    `bench/punishments-query: ${PUNISHMENTS} punishments of ${PLAYERS} players seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  // The second page's cursor, as a client gets it.
  const first = await owner.call('GET', `/api/networks/${network.id}/punishments?limit=${LIMIT}`);
  const cursor = first.nextCursor;
  const last = first.punishments.at(-1);
  const before = { at: new Date(last.issuedAt), id: last.id };

  const api = [];
  const raw = [];
  const byQuery = QUERIES.map(() => ({ api: [], raw: [] }));
  const apiOnce = async (i) => {
    const { page, ...query } = QUERIES[i % QUERIES.length];
    const params = new URLSearchParams({
      ...query,
      limit: String(LIMIT),
      ...(page ? { before: cursor } : {}),
    });
    const t0 = performance.now();
    await owner.call('GET', `/api/networks/${network.id}/punishments?${params}`);
    api.push(performance.now() - t0);
    byQuery[i % QUERIES.length].api.push(api.at(-1));
  };
  const rawOnce = async (i) => {
    const { page, ...query } = QUERIES[i % QUERIES.length];
    const { text, args } = rawSql(network.id, query, new Date(), page ? before : undefined);
    const t0 = performance.now();
    await db.query(text, args);
    raw.push(performance.now() - t0);
    byQuery[i % QUERIES.length].raw.push(raw.at(-1));
  };
  // The API's floor on this machine in this run: the cheapest authenticated read of the network.
  const floor = [];
  const floorOnce = async () => {
    const t0 = performance.now();
    await owner.call('GET', `/api/networks/${network.id}`);
    floor.push(performance.now() - t0);
  };
  // One untimed pass first: the first call of each kind plans its statements.
  for (let i = 0; i < QUERIES.length; i += 1) {
    await apiOnce(i);
    await rawOnce(i);
    await floorOnce();
  }
  api.length = 0;
  raw.length = 0;
  floor.length = 0;
  for (const kind of byQuery) kind.api.length = kind.raw.length = 0;
  await interleaved(
    RUNS,
    async (i) => {
      await apiOnce(i);
      if (i % 4 === 0) await floorOnce();
    },
    rawOnce,
  );

  const apiP95 = percentile(api, 95);
  const rawP95 = percentile(raw, 95);
  console.log(
    `  GET /api/networks/{id}/punishments  p95 ${apiP95.toFixed(1)} ms   p50 ${percentile(api, 50).toFixed(1)} ms`,
  );
  console.log(
    `  raw SQL                             p95 ${rawP95.toFixed(1)} ms   p50 ${percentile(raw, 50).toFixed(1)} ms`,
  );
  console.log(
    `  the API's floor (GET /api/networks/{id}) p95 ${percentile(floor, 95).toFixed(1)} ms   p50 ${percentile(floor, 50).toFixed(1)} ms`,
  );
  QUERIES.forEach((query, i) =>
    console.log(
      `    ${JSON.stringify(query).padEnd(34)} API p95 ${percentile(byQuery[i].api, 95).toFixed(1)} ms, raw ${percentile(byQuery[i].raw, 95).toFixed(1)} ms`,
    ),
  );
  console.log(
    `  the raw SQL (first page, no filter):\n    ${rawSql(network.id, {}, new Date()).text.replace(/\s+/g, ' ')}`,
  );
  console.log(
    `  p95 target < 20 ms: ${apiP95 < 20 ? 'met' : 'NOT met'} (${(apiP95 / rawP95).toFixed(2)}x the raw SQL)`,
  );
} finally {
  await db.end();
  await panel.stop();
  // BENCH_KEEP=1 keeps the seeded database for EXPLAIN (its URL is printed).
  if (process.env.BENCH_KEEP) console.log(`  kept: ${pg.url}`);
  else await pg.drop();
}
