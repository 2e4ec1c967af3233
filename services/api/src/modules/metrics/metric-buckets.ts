import type { ReportedFigures, ServerReportedEvent } from '../../core/events';

/** The figures a report may carry besides its players, as `server.reported` names them. */
export const FIGURES = ['queued', 'fps', 'entities', 'memoryMb', 'networkIn', 'networkOut'] as const;
export type Figure = (typeof FIGURES)[number] & keyof ReportedFigures;

/** Each figure's column prefix in the bucket tables. */
export const FIGURE_COLUMNS: Readonly<Record<Figure, string>> = {
  queued: 'queued',
  fps: 'fps',
  entities: 'entities',
  memoryMb: 'memory_mb',
  networkIn: 'network_in',
  networkOut: 'network_out',
};

/** The bucket sizes, their tables, and how long each is kept (the rows the retention job deletes). */
export const BUCKET_TABLES = {
  minute: { table: 'metric_minutes', sizeMs: 60_000 },
  fiveMinutes: { table: 'metric_five_minutes', sizeMs: 300_000 },
  hour: { table: 'metric_hours', sizeMs: 3_600_000 },
} as const;
export type BucketSize = keyof typeof BUCKET_TABLES;

/** Some values of one figure: how many, their sum, the lowest and the highest (null without any). */
export type Tally = { n: number; sum: number; min: number | null; max: number | null };

/** One server's reports within one bucket (`at`: its start, epoch milliseconds). */
export type Bucket = {
  serverId: string;
  networkId: string;
  at: number;
  /** Reports counted; also the players' `n`. */
  reports: number;
  players: Tally;
  /** The highest max players reported. */
  maxPlayers: number;
  figures: Record<Figure, Tally>;
};

const emptyTally = (): Tally => ({ n: 0, sum: 0, min: null, max: null });

const addValue = (tally: Tally, value: number | null): void => {
  if (value === null || !Number.isFinite(value)) return;
  tally.n += 1;
  tally.sum += value;
  tally.min = tally.min === null ? value : Math.min(tally.min, value);
  tally.max = tally.max === null ? value : Math.max(tally.max, value);
};

const addTally = (into: Tally, from: Tally): void => {
  into.n += from.n;
  into.sum += from.sum;
  if (from.min !== null) into.min = into.min === null ? from.min : Math.min(into.min, from.min);
  if (from.max !== null) into.max = into.max === null ? from.max : Math.max(into.max, from.max);
};

const emptyBucket = (serverId: string, networkId: string, at: number): Bucket => ({
  serverId,
  networkId,
  at,
  reports: 0,
  players: emptyTally(),
  maxPlayers: 0,
  figures: {
    queued: emptyTally(),
    fps: emptyTally(),
    entities: emptyTally(),
    memoryMb: emptyTally(),
    networkIn: emptyTally(),
    networkOut: emptyTally(),
  },
});

/** The start of the bucket of `sizeMs` that holds `at` (epoch milliseconds). */
export const bucketStart = (at: number, sizeMs: number): number => at - (((at % sizeMs) + sizeMs) % sizeMs);

/**
 * Buckets of one size, per server: reports are added as they come, and buckets merged (two parts
 * of one bucket add up exactly: counts and sums add, minima and maxima are taken).
 */
export class BucketSet {
  private buckets = new Map<string, Bucket>();

  constructor(readonly sizeMs: number) {}

  get size(): number {
    return this.buckets.size;
  }

  private bucketOf(serverId: string, networkId: string, at: number): Bucket {
    const start = bucketStart(at, this.sizeMs);
    const key = `${serverId}\u0000${start}`;
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = emptyBucket(serverId, networkId, start)));
    return bucket;
  }

  add(report: ServerReportedEvent): void {
    const bucket = this.bucketOf(report.serverId, report.networkId, report.at.getTime());
    bucket.reports += 1;
    addValue(bucket.players, report.playerCount);
    bucket.maxPlayers = Math.max(bucket.maxPlayers, report.maxPlayers);
    for (const figure of FIGURES) addValue(bucket.figures[figure], report[figure]);
  }

  merge(part: Bucket): void {
    const bucket = this.bucketOf(part.serverId, part.networkId, part.at);
    bucket.reports += part.reports;
    addTally(bucket.players, part.players);
    bucket.maxPlayers = Math.max(bucket.maxPlayers, part.maxPlayers);
    for (const figure of FIGURES) addTally(bucket.figures[figure], part.figures[figure]);
  }

  /** Drops the buckets of the servers `which` picks (a server or network deleted). */
  forget(which: (bucket: Bucket) => boolean): void {
    for (const [key, bucket] of this.buckets) if (which(bucket)) this.buckets.delete(key);
  }

  /** Every bucket, and the set empty again. */
  drain(): Bucket[] {
    const all = [...this.buckets.values()];
    this.buckets = new Map();
    return all;
  }
}

/** Buckets merged into larger ones of `sizeMs` (minutes into five minutes, into hours). */
export const rollUp = (buckets: readonly Bucket[], sizeMs: number): Bucket[] => {
  const set = new BucketSet(sizeMs);
  for (const bucket of buckets) set.merge(bucket);
  return set.drain();
};
