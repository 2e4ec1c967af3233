import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { MetricPoint, MetricStat } from '@outpost/contracts';
import { placeholders } from '../../core/database';
import { BUCKET_TABLES, type BucketSize, type Figure, FIGURE_COLUMNS, FIGURES } from './metric-buckets';
import { METRICS_FLUSH_INTERVAL_MS } from './metrics-collector.service';

/** A bucket row as either database answers it (PostgreSQL's bigint and numeric read as text). */
type BucketRow = Record<string, string | number | null>;

/** One server's one-minute bucket, as the alert rules read it. */
export type MinuteMetrics = { serverId: string; at: Date; players: MetricStat; fps: MetricStat | null };

/**
 * How long after its end a minute is complete in the tables: every instance has flushed what it
 * gathered of it (METRICS_FLUSH_INTERVAL_MS), and a slow flush has had a few seconds more.
 */
export const MINUTE_COMPLETE_AFTER_MS = BUCKET_TABLES.minute.sizeMs + METRICS_FLUSH_INTERVAL_MS + 3_000;

const num = (value: string | number | null): number => Number(value);
const round = (value: number, scale = 100): number => Math.round(value * scale) / scale;

/**
 * A figure's column names, made once: an answer reads its rows by them thousands of times, and a
 * name put together on each read costs more than the rest of the read.
 */
type StatColumns = { n: string; sum: string; min: string; max: string };
const columnsOf = (prefix: string): StatColumns => ({
  n: `${prefix}_n`,
  sum: `${prefix}_sum`,
  min: `${prefix}_min`,
  max: `${prefix}_max`,
});
const PLAYERS = columnsOf('players');
const FPS = columnsOf(FIGURE_COLUMNS.fps);
const COLUMNS_OF = Object.fromEntries(
  FIGURES.map((figure) => [figure, columnsOf(FIGURE_COLUMNS[figure])]),
) as Readonly<Record<Figure, StatColumns>>;

/**
 * A figure's columns in a point's read: its lowest, mean and highest in the bucket, null where the
 * bucket has none of it. The database divides, so a month's answer reads 24 columns a bucket
 * rather than 31 (reading the rows is most of a long range's cost).
 */
const pointColumnsOf = (columns: StatColumns, n: string, prefix: string): string[] => [
  `case when ${n} > 0 then ${columns.min} end as ${prefix}_lo`,
  `case when ${n} > 0 then ${columns.sum} / ${n} end as ${prefix}_mean`,
  `case when ${n} > 0 then ${columns.max} end as ${prefix}_hi`,
];

/** The columns a point is made of (not the server's and network's ids every row repeats). */
const POINT_COLUMNS = [
  'bucket_at',
  'max_players',
  ...pointColumnsOf(PLAYERS, 'reports', 'players'),
  ...FIGURES.flatMap((figure) =>
    pointColumnsOf(COLUMNS_OF[figure], COLUMNS_OF[figure].n, FIGURE_COLUMNS[figure]),
  ),
].join(', ');

/** A figure of a point's row (read as POINT_COLUMNS names it). */
type PointStat = { lo: string; mean: string; hi: string };
const pointStatOf = (prefix: string): PointStat => ({
  lo: `${prefix}_lo`,
  mean: `${prefix}_mean`,
  hi: `${prefix}_hi`,
});
const PLAYERS_POINT = pointStatOf('players');
const FIGURE_POINTS = Object.fromEntries(
  FIGURES.map((figure) => [figure, pointStatOf(FIGURE_COLUMNS[figure])]),
) as Readonly<Record<Figure, PointStat>>;

const pointStat = (row: BucketRow, columns: PointStat): MetricStat | null => {
  const min = row[columns.lo];
  return min === null || min === undefined
    ? null
    : { min: num(min), avg: round(num(row[columns.mean])), max: num(row[columns.hi]) };
};

const statOf = (row: BucketRow, columns: StatColumns, n: number): MetricStat | null => {
  const min = row[columns.min];
  return n > 0 && min !== null
    ? { min: num(min), avg: round(num(row[columns.sum]) / n), max: num(row[columns.max]) }
    : null;
};

const playersOf = (row: BucketRow): MetricStat =>
  statOf(row, PLAYERS, num(row.reports)) ?? { min: 0, avg: 0, max: 0 };

const figureOf = (row: BucketRow, figure: Figure): MetricStat | null => pointStat(row, FIGURE_POINTS[figure]);

const pointOf = (row: BucketRow): MetricPoint => ({
  at: new Date(num(row.bucket_at)).toISOString(),
  players: pointStat(row, PLAYERS_POINT) ?? { min: 0, avg: 0, max: 0 },
  maxPlayers: num(row.max_players),
  queued: figureOf(row, 'queued'),
  fps: figureOf(row, 'fps'),
  entities: figureOf(row, 'entities'),
  memoryMb: figureOf(row, 'memoryMb'),
  networkIn: figureOf(row, 'networkIn'),
  networkOut: figureOf(row, 'networkOut'),
});

/** The reads of the metrics tables. */
@Injectable()
export class MetricsQuery {
  constructor(private readonly em: EntityManager) {}

  /**
   * The complete one-minute buckets of these servers from `since` on, oldest first: a minute is
   * complete in the tables MINUTE_COMPLETE_AFTER_MS after it started (the instances flush every
   * METRICS_FLUSH_INTERVAL_MS, 5 s), so a minute younger than that is left out rather than
   * answered half-counted. A minute without reports has no bucket (the server was silent or off).
   * `fps` is null for a minute whose reports carried none. Kept 48 hours.
   */
  async completeMinutes(
    serverIds: readonly string[],
    since: Date,
    now: Date = new Date(),
  ): Promise<MinuteMetrics[]> {
    if (serverIds.length === 0) return [];
    const rows: BucketRow[] = await this.em
      .fork()
      .getConnection()
      .execute(
        `select server_id, bucket_at, reports, players_sum, players_min, players_max, fps_n, fps_sum, fps_min, fps_max
        from ${BUCKET_TABLES.minute.table}
        where server_id in (${placeholders(serverIds)}) and bucket_at >= ? and bucket_at <= ?
        order by bucket_at, server_id`,
        [...serverIds, since.getTime(), now.getTime() - MINUTE_COMPLETE_AFTER_MS],
      );
    return rows.map((row) => ({
      serverId: String(row.server_id),
      at: new Date(num(row.bucket_at)),
      players: playersOf(row),
      fps: statOf(row, FPS, num(row.fps_n)),
    }));
  }

  /** One server's buckets of `size` from `from` to `to`, oldest first. */
  async serverPoints(size: BucketSize, serverId: string, from: Date, to: Date): Promise<MetricPoint[]> {
    const rows: BucketRow[] = await this.em
      .fork()
      .getConnection()
      .execute(
        `select ${POINT_COLUMNS} from ${BUCKET_TABLES[size].table}
        where server_id = ? and bucket_at >= ? and bucket_at <= ? order by bucket_at`,
        [serverId, this.firstBucket(size, from), to.getTime()],
      );
    return rows.map(pointOf);
  }

  /**
   * A network's players per bucket of `size`: the sum of its servers' averages (`players`) and of
   * their maxima (`peak`, the most online at once), oldest first.
   */
  async networkPlayers(
    size: BucketSize,
    networkId: string,
    from: Date,
    to: Date,
  ): Promise<{ at: number; players: number; peak: number }[]> {
    const rows: BucketRow[] = await this.em
      .fork()
      .getConnection()
      .execute(
        `select bucket_at, sum(players_sum / reports) as players, sum(players_max) as peak
        from ${BUCKET_TABLES[size].table}
        where network_id = ? and bucket_at >= ? and bucket_at <= ?
        group by bucket_at order by bucket_at`,
        [networkId, this.firstBucket(size, from), to.getTime()],
      );
    return rows.map((row) => ({
      at: num(row.bucket_at),
      players: round(num(row.players), 10),
      peak: num(row.peak),
    }));
  }

  /** The bucket that holds `from` is the first one answered (its start may be a little earlier). */
  private firstBucket(size: BucketSize, from: Date): number {
    const sizeMs = BUCKET_TABLES[size].sizeMs;
    return Math.floor(from.getTime() / sizeMs) * sizeMs;
  }
}
