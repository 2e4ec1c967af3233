// The seed of bench/metrics-query: DAYS of one-minute samples for each server, gathered as the
// metrics module stores them (services/api/src/modules/metrics: metric-buckets.ts, bucket-writer.ts):
// one-minute buckets for the last 48 hours, five-minute ones for 14 days, hourly ones for the
// whole span, each bucket's count, sum, lowest and highest computed from its one-minute samples.
// Rows go in in time order, all servers' at once, as the flushes write them (one server's rows
// are spread over the table, not side by side), in batches of unnest() arrays. Each server has one
// outage of OUTAGE_MINUTES (no samples) and the status changes that tell it.

const MINUTE = 60_000;
const FIVE = 5 * MINUTE;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** METRIC_RETENTION_MS in libs/contracts/src/metrics.ts */
const KEPT = { minute: 48 * HOUR, fiveMinutes: 14 * DAY };
const OUTAGE_MINUTES = 20;
const BATCH = 4_000;

/** metric-buckets.ts FIGURES with their columns (FIGURE_COLUMNS). */
const FIGURES = ['queued', 'fps', 'entities', 'memory_mb', 'network_in', 'network_out'];
const COLUMNS = [
  ['server_id', 'varchar'],
  ['network_id', 'varchar'],
  ['bucket_at', 'bigint'],
  ['reports', 'int'],
  ['players_sum', 'float8'],
  ['players_min', 'float8'],
  ['players_max', 'float8'],
  ['max_players', 'int'],
  ...FIGURES.flatMap((f) => [
    [`${f}_n`, 'int'],
    [`${f}_sum`, 'float8'],
    [`${f}_min`, 'float8'],
    [`${f}_max`, 'float8'],
  ]),
];
const INSERT = (table) =>
  `insert into ${table} (${COLUMNS.map(([name]) => name).join(', ')})
   select * from unnest(${COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})`;

/** A small deterministic generator, so every run measures the same data. */
const noise = (seed) => {
  const x = Math.sin(seed * 12.9898) * 43758.5453;
  return x - Math.floor(x);
};

/** One server's sample at minute `m` (since the epoch): a day's curve, its own size and noise. */
const sampleOf = (server, m) => {
  const capacity = [100, 150, 200, 300][server % 4];
  const hourOfDay = ((m / 60) % 24) + (server % 6);
  const curve = 0.45 + 0.4 * Math.sin(((hourOfDay - 14) / 24) * 2 * Math.PI);
  const wanted = Math.round(capacity * curve * (0.8 + 0.4 * noise(server * 1e6 + m)));
  const players = Math.min(capacity, wanted);
  const dayOfWipe = ((m / 1440 + server) % 7) / 7;
  return {
    players,
    maxPlayers: capacity,
    // The plugin sends no queue or traffic: servers with an even number report through WebRCON.
    queued: server % 2 === 0 ? Math.max(0, wanted - capacity) : null,
    fps: Math.round(30 + 30 * noise(server * 7e6 + m)),
    entities: Math.round(40_000 + 160_000 * dayOfWipe + players * 50),
    memory_mb: Math.round(6_000 + 6_000 * dayOfWipe),
    network_in: server % 2 === 0 ? players * 1_200 : null,
    network_out: server % 2 === 0 ? players * 4_800 : null,
  };
};

/** A bucket's running tally (metric-buckets.ts Bucket, with the columns' names). */
const emptyBucket = (at) => ({
  at,
  reports: 0,
  sum: 0,
  min: Infinity,
  max: -Infinity,
  maxPlayers: 0,
  figures: FIGURES.map(() => ({ n: 0, sum: 0, min: Infinity, max: -Infinity })),
});

const addSample = (bucket, s) => {
  bucket.reports += 1;
  bucket.sum += s.players;
  bucket.min = Math.min(bucket.min, s.players);
  bucket.max = Math.max(bucket.max, s.players);
  bucket.maxPlayers = Math.max(bucket.maxPlayers, s.maxPlayers);
  FIGURES.forEach((f, i) => {
    const value = s[f];
    if (value === null) return;
    const t = bucket.figures[i];
    t.n += 1;
    t.sum += value;
    t.min = Math.min(t.min, value);
    t.max = Math.max(t.max, value);
  });
};

/** Column arrays for one table's next batch. */
class Batch {
  constructor(db, table) {
    this.db = db;
    this.table = table;
    this.rows = 0;
    this.columns = COLUMNS.map(() => []);
    this.pending = Promise.resolve();
    this.written = 0;
  }

  async push(serverId, networkId, bucket) {
    const values = [
      serverId,
      networkId,
      bucket.at,
      bucket.reports,
      bucket.sum,
      bucket.min,
      bucket.max,
      bucket.maxPlayers,
      ...bucket.figures.flatMap((t) => (t.n === 0 ? [0, 0, null, null] : [t.n, t.sum, t.min, t.max])),
    ];
    values.forEach((value, i) => this.columns[i].push(value));
    this.rows += 1;
    if (this.rows >= BATCH) await this.flush();
  }

  /** Sends the batch; the next one is gathered while it is written (one in flight per table). */
  async flush() {
    await this.pending;
    if (this.rows === 0) return;
    const columns = this.columns;
    this.written += this.rows;
    this.columns = COLUMNS.map(() => []);
    this.rows = 0;
    this.pending = this.db.query(INSERT(this.table), columns);
  }
}

/**
 * Seeds `days` of samples for `serverIds` (one network) ending at `now`, on three connections of
 * `connect()` (one per table). Answers the rows written per table and the samples counted.
 */
export async function seedMetrics(connect, { networkId, serverIds, days, now }) {
  const dbs = await Promise.all([connect(), connect(), connect()]);
  for (const db of dbs) await db.query('set synchronous_commit = off');
  const [minutes, fives, hours] = [
    new Batch(dbs[0], 'metric_minutes'),
    new Batch(dbs[1], 'metric_five_minutes'),
    new Batch(dbs[2], 'metric_hours'),
  ];
  const end = Math.floor(now / MINUTE) * MINUTE;
  const start = Math.floor((end - days * DAY) / HOUR) * HOUR;
  const outageAt = (i) => start + ((i * 7919) % (days - 1)) * DAY + (i % 24) * HOUR + DAY / 2;
  const openFive = serverIds.map(() => null);
  const openHour = serverIds.map(() => null);
  let samples = 0;
  for (let at = start; at < end; at += MINUTE) {
    const m = at / MINUTE;
    for (let i = 0; i < serverIds.length; i += 1) {
      const outage = outageAt(i);
      if (at >= outage && at < outage + OUTAGE_MINUTES * MINUTE) continue;
      const sample = sampleOf(i, m);
      samples += 1;
      if (at >= end - KEPT.minute) {
        const minute = emptyBucket(at);
        addSample(minute, sample);
        await minutes.push(serverIds[i], networkId, minute);
      }
      if (at >= end - KEPT.fiveMinutes) {
        const fiveAt = at - (at % FIVE);
        if (openFive[i]?.at !== fiveAt) {
          if (openFive[i]) await fives.push(serverIds[i], networkId, openFive[i]);
          openFive[i] = emptyBucket(fiveAt);
        }
        addSample(openFive[i], sample);
      }
      const hourAt = at - (at % HOUR);
      if (openHour[i]?.at !== hourAt) {
        if (openHour[i]) await hours.push(serverIds[i], networkId, openHour[i]);
        openHour[i] = emptyBucket(hourAt);
      }
      addSample(openHour[i], sample);
    }
  }
  for (let i = 0; i < serverIds.length; i += 1) {
    if (openFive[i]) await fives.push(serverIds[i], networkId, openFive[i]);
    if (openHour[i]) await hours.push(serverIds[i], networkId, openHour[i]);
  }
  for (const batch of [minutes, fives, hours]) await batch.flush();
  for (const batch of [minutes, fives, hours]) await batch.pending;
  // Each server online from the start, one outage, online again (server_status_changes).
  const changes = serverIds.flatMap((id, i) => [
    [id, 'online', start],
    [id, 'offline', outageAt(i) + 30_000],
    [id, 'online', outageAt(i) + OUTAGE_MINUTES * MINUTE],
  ]);
  await dbs[0].query(
    `insert into server_status_changes (server_id, network_id, status, at)
     select s, $1, st, a from unnest($2::varchar[], $3::varchar[], $4::bigint[]) as c(s, st, a)`,
    [networkId, changes.map((c) => c[0]), changes.map((c) => c[1]), changes.map((c) => c[2])],
  );
  // What autovacuum would have done on a panel that ran for a month.
  for (const table of ['metric_minutes', 'metric_five_minutes', 'metric_hours', 'server_status_changes'])
    await dbs[0].query(`vacuum analyze ${table}`);
  await Promise.all(dbs.map((db) => db.end()));
  return {
    samples,
    rows: {
      metric_minutes: minutes.written,
      metric_five_minutes: fives.written,
      metric_hours: hours.written,
    },
  };
}
