import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { MetricPoint, MetricStat } from '@outpost/contracts';
import { BUCKET_TABLES, type BucketSize, FIGURE_COLUMNS } from './metric-buckets';
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
const round = (value: number, digits = 2): number => {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
};

const statOf = (row: BucketRow, prefix: string, n: number): MetricStat | null =>
  n > 0 && row[`${prefix}_min`] !== null
    ? {
        min: num(row[`${prefix}_min`]),
        avg: round(num(row[`${prefix}_sum`]) / n),
        max: num(row[`${prefix}_max`]),
      }
    : null;

const playersOf = (row: BucketRow): MetricStat =>
  statOf(row, 'players', num(row.reports)) ?? { min: 0, avg: 0, max: 0 };

const pointOf = (row: BucketRow): MetricPoint => {
  const figure = (name: keyof typeof FIGURE_COLUMNS) => {
    const prefix = FIGURE_COLUMNS[name];
    return statOf(row, prefix, num(row[`${prefix}_n`]));
  };
  return {
    at: new Date(num(row.bucket_at)).toISOString(),
    players: playersOf(row),
    maxPlayers: num(row.max_players),
    queued: figure('queued'),
    fps: figure('fps'),
    entities: figure('entities'),
    memoryMb: figure('memoryMb'),
    networkIn: figure('networkIn'),
    networkOut: figure('networkOut'),
  };
};

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
        where server_id in (${serverIds.map(() => '?').join(', ')}) and bucket_at >= ? and bucket_at <= ?
        order by bucket_at, server_id`,
        [...serverIds, since.getTime(), now.getTime() - MINUTE_COMPLETE_AFTER_MS],
      );
    return rows.map((row) => ({
      serverId: String(row.server_id),
      at: new Date(num(row.bucket_at)),
      players: playersOf(row),
      fps: statOf(row, 'fps', num(row.fps_n)),
    }));
  }

  /** One server's buckets of `size` from `from` to `to`, oldest first. */
  async serverPoints(size: BucketSize, serverId: string, from: Date, to: Date): Promise<MetricPoint[]> {
    const rows: BucketRow[] = await this.em
      .fork()
      .getConnection()
      .execute(
        `select * from ${BUCKET_TABLES[size].table}
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
      players: round(num(row.players), 1),
      peak: num(row.peak),
    }));
  }

  /** The bucket that holds `from` is the first one answered (its start may be a little earlier). */
  private firstBucket(size: BucketSize, from: Date): number {
    const sizeMs = BUCKET_TABLES[size].sizeMs;
    return Math.floor(from.getTime() / sizeMs) * sizeMs;
  }
}
