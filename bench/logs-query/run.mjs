// bench/logs-query: the Logs timeline (GET /api/servers/{id}/logs and /api/networks/{id}/logs:
// a search within one to three kinds of line, or kinds alone, paged back with the cursor) over 10
// million events in PostgreSQL, read by a member; beside each figure the same statements run raw
// on the same database in the same run, and the floor of any API request. Target: API p95 < 50 ms
// over the whole mix.
//
// The first run seeds a database of its own (seed.mjs: some 15 minutes on two busy cores, most of
// it building the indexes) and keeps it: later runs measure straight away (under a minute). It is
// seeded again when the seed or a migration of server_events changes, or with BENCH_LOGS_RESEED=1;
// `dropdb outpost_bench_logs` removes it. BENCH_DATABASE_URL names the server (default
// postgres://postgres@127.0.0.1:5432/test), BENCH_LOGS_DATABASE the database, BENCH_ROUNDS the
// rounds of the mix (4).
import { createRequire } from 'node:module';
import { percentile, signIn } from '../support/api.mjs';
import { DEFAULT_PG_URL } from '../support/database.mjs';
import { startPanel } from '../support/panel.mjs';
import { rawPage, sampleLines } from './raw.mjs';
import { keptDatabase, nameOf, seed, SERVERS, steamIdOf } from './seed.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');

const DATABASE = process.env.BENCH_LOGS_DATABASE ?? 'outpost_bench_logs';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const PAGES = 5;
const TARGET_MS = 50;

/**
 * What a moderator reads: a search within one to three kinds of line, or kinds alone, on the
 * network's Logs tab or a server's; each followed back up to five pages with the cursor.
 * Player 0 is the most active (about 1.8% of the lines), player 1500 a median one.
 */
const kindsOf = (servers) => [
  { kind: 'common word, chat', types: ['chat'], search: 'wood' },
  { kind: 'common word, chat + kills', types: ['chat', 'kill'], search: 'raid' },
  { kind: 'less common word, chat', types: ['chat'], search: 'cheap' },
  { kind: 'rare word, chat', types: ['chat'], search: 'grubhunter' },
  { kind: 'very rare word, chat', types: ['chat'], search: 'sulfurcrate' },
  { kind: 'no match, chat + kills', types: ['chat', 'kill'], search: 'xylophone' },
  { kind: 'a kill weapon, chat', types: ['chat'], search: 'rifle.ak' },
  { kind: 'a leave reason, chat + reports', types: ['chat', 'report'], search: 'Timed Out' },
  {
    kind: 'player name, chat + joins + leaves',
    types: ['chat', 'connect', 'disconnect'],
    search: nameOf(1500),
  },
  { kind: 'active player name, kills', types: ['kill'], search: nameOf(0) },
  { kind: 'steamId, kills + reports', types: ['kill', 'report'], search: steamIdOf(1500) },
  { kind: 'part of a steamId, joins', types: ['connect'], search: steamIdOf(2000).slice(-8) },
  { kind: 'server: common word, chat', serverId: servers[SERVERS - 1], types: ['chat'], search: 'wood' },
  { kind: 'server: player name, all kinds', serverId: servers[0], search: nameOf(2999) },
  { kind: 'F7 reports only', types: ['report'] },
  { kind: 'no filter', types: [] },
];

/** The API's nextCursor as the raw statements take it (libs/validation decodeLogCursor). */
const decodeCursor = (cursor) => {
  const [ms, id] = Buffer.from(cursor, 'base64url').toString().split('.');
  return { at: new Date(Number(ms)), id };
};

const kept = await keptDatabase(DEFAULT_PG_URL, DATABASE);
if (!kept) {
  console.log('bench/logs-query: PostgreSQL not reachable, skipped (set BENCH_DATABASE_URL)');
  process.exit(0);
}
// The seed's lines span the 14 days before it was made: a kept database must outlive the purge.
const panel = await startPanel({
  DATABASE_URL: kept.url,
  DEMO: 'false',
  LOG_LEVEL: 'error',
  LOG_RETENTION_DAYS: '3650',
});
try {
  let seeded = kept.seed;
  if (seeded) {
    console.log(
      `bench/logs-query: reusing ${DATABASE} (${seeded.events.toLocaleString('en')} events, seeded in ${seeded.seconds} s;` +
        ' BENCH_LOGS_RESEED=1 seeds it again)',
    );
  } else {
    console.log(`bench/logs-query: seeding ${DATABASE} (kept for the next runs)`);
    const ownerEmail = 'bench-logs-owner@example.com';
    const owner = await signIn(panel, ownerEmail);
    const network = await owner.call('POST', '/api/networks', { name: 'Ten Million Lines' });
    const serverIds = [];
    for (let i = 0; i < SERVERS; i += 1)
      serverIds.push(
        (await owner.call('POST', `/api/servers/network/${network.id}`, { name: `EU ${i + 1}` })).id,
      );
    seeded = await seed(kept.url, { networkId: network.id, serverIds, ownerEmail });
  }
  const owner = await signIn(panel, seeded.ownerEmail);
  const invite = await owner.call('POST', '/api/invites', { networkId: seeded.networkId, maxUses: 1 });
  const member = await signIn(panel, `bench-logs-member-${Date.now()}@example.com`);
  await member.call('POST', '/api/invites/join', { inviteCode: invite.code });
  await measure(member, kept.url, seeded);
} finally {
  await panel.stop();
}

async function measure(member, url, seeded) {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const kinds = kindsOf(seeded.serverIds);
    const sample = await sampleLines(db);
    const samples = new Map(kinds.map(({ kind }) => [kind, { api: [], raw: [], pages: 0 }]));
    let mismatches = 0;
    const session = async (query, record, apiFirst) => {
      const scope = { networkId: seeded.networkId, serverId: query.serverId };
      const path = query.serverId
        ? `/api/servers/${query.serverId}/logs`
        : `/api/networks/${seeded.networkId}/logs`;
      let cursor = null;
      for (let page = 0; page < PAGES; page += 1) {
        const params = new URLSearchParams({ limit: '50' });
        if (query.types?.length) params.set('types', query.types.join(','));
        if (query.search) params.set('search', query.search);
        if (cursor) params.set('before', cursor);
        let answer;
        let ids;
        const api = async () => {
          const t0 = performance.now();
          answer = await member.call('GET', `${path}?${params}`);
          return performance.now() - t0;
        };
        const raw = async () => {
          const t0 = performance.now();
          ids = await rawPage(db, scope, {
            types: query.types,
            search: query.search,
            before: cursor && decodeCursor(cursor),
            limit: 50,
            sample,
          });
          return performance.now() - t0;
        };
        // Alternating which goes first, so that neither reads pages the other warmed.
        const [apiMs, rawMs] = apiFirst ? [await api(), await raw()] : [await raw(), await api()].reverse();
        if (ids.join() !== answer.entries.map((entry) => entry.id).join()) mismatches += 1;
        if (record) {
          const s = samples.get(query.kind);
          s.api.push(apiMs);
          s.raw.push(rawMs);
          s.pages += 1;
        }
        cursor = answer.nextCursor;
        if (!cursor) break;
      }
    };
    // One round unrecorded, to read the indexes in from disk as a running panel has them.
    for (const query of kinds) await session(query, false, true);
    const started = performance.now();
    for (let round = 0; round < ROUNDS; round += 1)
      for (const query of kinds) await session(query, true, round % 2 === 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(0);

    // The floor of any request through the API (the session, the access check, the framework):
    // GET /api/networks/{id}, as many times, read by the same member.
    const floor = [];
    for (let i = 0; i < 100; i += 1) {
      const t0 = performance.now();
      await member.call('GET', `/api/networks/${seeded.networkId}`);
      floor.push(performance.now() - t0);
    }

    const all = { api: [], raw: [] };
    const fmt = (ms) => ms.toFixed(1).padStart(7);
    console.log(`  ${'kind'.padEnd(38)} pages   API p50     p95   raw SQL p50     p95`);
    for (const { kind } of kinds) {
      const s = samples.get(kind);
      all.api.push(...s.api);
      all.raw.push(...s.raw);
      console.log(
        `  ${kind.padEnd(38)} ${String(s.pages / ROUNDS).padStart(5)} ${fmt(percentile(s.api, 50))} ${fmt(percentile(s.api, 95))}` +
          `       ${fmt(percentile(s.raw, 50))} ${fmt(percentile(s.raw, 95))}`,
      );
    }
    const apiP95 = percentile(all.api, 95);
    console.log(
      `  all ${all.api.length} pages in ${seconds} s: API p95 ${apiP95.toFixed(1)} ms p50 ${percentile(all.api, 50).toFixed(1)} ms,` +
        ` raw SQL p95 ${percentile(all.raw, 95).toFixed(1)} ms p50 ${percentile(all.raw, 50).toFixed(1)} ms`,
    );
    console.log(
      `  the API's floor (GET /api/networks/{id}, ${floor.length} times): p50 ${percentile(floor, 50).toFixed(1)} ms p95 ${percentile(floor, 95).toFixed(1)} ms`,
    );
    if (mismatches) console.log(`  ${mismatches} pages differed between the API and the raw statements`);
    console.log(
      `  target API p95 < ${TARGET_MS} ms: ${apiP95 < TARGET_MS && !mismatches ? 'met' : 'NOT met'}`,
    );
  } finally {
    await db.end();
  }
}
