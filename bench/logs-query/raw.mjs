// The raw baseline: the statements GET /api/servers/{id}/logs and /api/networks/{id}/logs send
// for one page on PostgreSQL (services/api/src/modules/logs/timeline-rows.ts and log-entries.ts),
// run straight on the database with the same values. Not the access checks: the pages' SQL only.

/** services/api/src/modules/logs/timeline-rows.ts NEWEST_ROWS, MORE_ROWS, MORE_AFTER, INDEX_MATCHES */
const NEWEST_ROWS = 2_000;
const MORE_ROWS = 80_000;
const MORE_AFTER = 4;
const INDEX_MATCHES = 5_000;
const LOG_TYPES = ['chat', 'connect', 'disconnect', 'kill', 'report', 'console', 'log'];
const COLUMNS = 'id, server_id, type, steam_id, target_steam_id, payload, at';
const NEWEST_FIRST = 'order by at desc, id desc';

/** services/api/src/modules/logs/search-text.ts searchPatternOf */
const patternOf = (term) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Numbered placeholders for one statement's values. */
const valuesOf = () => {
  const values = [];
  return { values, add: (value) => (values.push(value), `$${values.length}`) };
};

/** The scope, time range and cursor conditions, on a new list of values. */
const scoped = (scope, page) => {
  const v = valuesOf();
  const where = [
    scope.serverId ? `server_id = ${v.add(scope.serverId)}` : `network_id = ${v.add(scope.networkId)}`,
  ];
  if (page.before) where.push(`(at, id) < (${v.add(page.before.at)}, ${v.add(page.before.id)})`);
  return { ...v, where };
};

const typesOf = (page) =>
  page.types?.length && page.types.length < LOG_TYPES.length ? page.types : undefined;

/** The rows of one page (limit + 1 of them), as the API reads them. */
async function timelineRows(db, scope, page) {
  const rows = page.limit + 1;
  const types = typesOf(page);
  if (page.search) return searched(db, scope, page, rows, types);
  if (types) {
    const q = scoped(scope, page);
    const perType = types.map(
      (type) =>
        `(select ${COLUMNS} from server_events where ${q.where.join(' and ')} and type = ${q.add(type)} ${NEWEST_FIRST} limit ${rows})`,
    );
    return (
      await db.query(
        `select ${COLUMNS} from (${perType.join(' union all ')}) as typed ${NEWEST_FIRST} limit ${rows}`,
        q.values,
      )
    ).rows;
  }
  const q = scoped(scope, page);
  return (
    await db.query(
      `select ${COLUMNS} from server_events where ${q.where.join(' and ')} ${NEWEST_FIRST} limit ${rows}`,
      q.values,
    )
  ).rows;
}

/** search-sample.ts sampleLines, taken once per run (the API takes its own, hourly). */
export async function sampleLines(db) {
  const [table] = (
    await db.query(
      "select reltuples::float8 as reltuples from pg_class where oid = to_regclass('server_events')",
    )
  ).rows;
  const rows = Math.max(table?.reltuples ?? 0, 1);
  const { rows: lines } = await db.query(
    `select type, search_text as text from server_events tablesample system ($1)
     where search_text is not null limit 10000`,
    [Math.min(100, (100 * 10_000) / rows)],
  );
  return { lines, rows };
}

/** search-sample.ts matchesOf */
const matchesOf = (sample, term, types) => {
  if (sample.lines.length === 0) return null;
  let found = 0;
  for (const line of sample.lines)
    if ((!types || types.includes(line.type)) && line.text.includes(term)) found += 1;
  return (found / sample.lines.length) * sample.rows;
};

/** search-sample.ts indexedPartOf */
const indexedPartOf = (term, sample) => {
  if (!/[\p{L}\p{N}]{3}/u.test(term)) return null;
  const core = /^7656119[789]\d{9}$/.test(term) ? term.slice(8) : term;
  const parts = new Set();
  for (const run of core.match(/[\p{L}\p{N}]{3,}/gu) ?? [])
    if (/\D/.test(run))
      for (let start = 0; start + Math.min(5, run.length) <= run.length; start += 1)
        parts.add(run.slice(start, start + 5));
  if (parts.size === 0 || sample.lines.length === 0) return core;
  const linesWith = (text, atMost) => {
    let lines = 0;
    for (const line of sample.lines) if (line.text.includes(text) && ++lines > atMost) break;
    return lines;
  };
  const rareEnough = Math.max(3, 4 * linesWith(term, Infinity));
  let best = { part: core, lines: rareEnough + 1 };
  for (const part of [...parts].slice(0, 24)) {
    const lines = linesWith(part, best.lines - 1);
    if (lines < best.lines) best = { part, lines };
  }
  return best.part;
};

/** A statement in a transaction of its own, without workers or JIT and with `settings` off. */
async function unbounded(db, settings, sql, values) {
  await db.query('begin');
  try {
    const all = Object.entries({ max_parallel_workers_per_gather: '0', jit: 'off', ...settings });
    await db.query(
      `select ${all.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`,
      all.flat(),
    );
    return (await db.query(sql, values)).rows;
  } finally {
    await db.query('commit');
  }
}

async function searched(db, scope, page, rows, types) {
  const walk = async (window, wanted, after) => {
    const q = scoped(scope, page);
    if (after) q.where.push(`(at, id) < (${q.add(after.at)}, ${q.add(after.id)})`);
    const newest = `select ${COLUMNS}, search_text from server_events where ${q.where.join(' and ')} ${NEWEST_FIRST} limit ${window}`;
    const matching = [
      ...(types ? [`type in (${types.map((type) => q.add(type)).join(', ')})`] : []),
      `search_text like ${q.add(patternOf(page.search))} escape '\\'`,
    ];
    return (
      await db.query(
        `select ${COLUMNS} from (${newest}) as newest where ${matching.join(' and ')} ${NEWEST_FIRST} limit ${wanted}`,
        q.values,
      )
    ).rows;
  };
  const first = await walk(NEWEST_ROWS, rows);
  if (first.length === rows) return first;
  const b = scoped(scope, page);
  const [boundary] = (
    await db.query(
      `select at, id from server_events where ${b.where.join(' and ')} ${NEWEST_FIRST} offset ${NEWEST_ROWS - 1} limit 1`,
      b.values,
    )
  ).rows;
  if (!boundary) return first;
  const wanted = rows - first.length;
  const term = page.search.toLowerCase();
  const matches = matchesOf(page.sample, term, types);
  if (matches === null || matches > INDEX_MATCHES) {
    const share =
      first.length >= MORE_AFTER ? first.length / NEWEST_ROWS : matches && matches / page.sample.rows;
    if (share && wanted / share <= MORE_ROWS / 2) {
      const next = await walk(MORE_ROWS, wanted, boundary);
      if (next.length === wanted) return [...first, ...next];
    }
  }
  const part = indexedPartOf(term, page.sample);
  const o = scoped(scope, page);
  o.where.push(`(at, id) < (${o.add(boundary.at)}, ${o.add(boundary.id)})`);
  if (part === null) {
    const matching = [
      ...(types ? [`type in (${types.map((type) => o.add(type)).join(', ')})`] : []),
      `search_text like ${o.add(patternOf(page.search))} escape '\\'`,
    ];
    const sql = `select ${COLUMNS} from server_events where ${[...o.where, ...matching].join(' and ')} ${NEWEST_FIRST} limit ${wanted}`;
    return [...first, ...(await unbounded(db, {}, sql, o.values))];
  }
  const arms = (types ?? LOG_TYPES).map(
    (type) =>
      `(type = ${o.add(type)} and search_text like ${o.add(patternOf(part))} escape '\\'` +
      `${part === term ? '' : ` and strpos(search_text, ${o.add(term)}) > 0`})`,
  );
  const sql = `select ${COLUMNS} from server_events where ${o.where.join(' and ')} and (${arms.join(' or ')}) ${NEWEST_FIRST} limit ${wanted}`;
  return [
    ...first,
    ...(await unbounded(db, { enable_seqscan: 'off', enable_indexscan: 'off' }, sql, o.values)),
  ];
}

/** The page's rows, then the names of its players and servers (log-entries.ts entriesFrom). */
export async function rawPage(db, scope, page) {
  const rows = await timelineRows(db, scope, page);
  const lines = rows.slice(0, page.limit);
  if (lines.length) {
    const steamIds = [...new Set(lines.flatMap((row) => [row.steam_id, row.target_steam_id]))].filter(
      Boolean,
    );
    const serverIds = [...new Set(lines.map((row) => row.server_id))];
    await Promise.all([
      steamIds.length &&
        db.query('select steam_id, display_name from players where network_id = $1 and steam_id = any($2)', [
          scope.networkId,
          steamIds,
        ]),
      db.query('select id, name from servers where network_id = $1 and id = any($2)', [
        scope.networkId,
        serverIds,
      ]),
    ]);
  }
  return lines.map((row) => row.id);
}
