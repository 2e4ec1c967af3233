import { EntityManager } from '@mikro-orm/core';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { METRIC_RETENTION_MS } from '@outpost/contracts';
import { Leadership, type HeldRole } from '../../core/cluster';
import { deleteStatusChangesBefore } from '../servers';
import { BUCKET_TABLES } from './metric-buckets';

export const METRICS_RETENTION_INTERVAL_MS = 60 * 60 * 1000;
/** Status changes are kept as long as the hourly buckets: a year. */
export const STATUS_CHANGE_RETENTION_MS = METRIC_RETENTION_MS.hour;

const KEPT = [
  [BUCKET_TABLES.minute.table, METRIC_RETENTION_MS.minute],
  [BUCKET_TABLES.fiveMinutes.table, METRIC_RETENTION_MS.fiveMinutes],
  [BUCKET_TABLES.hour.table, METRIC_RETENTION_MS.hour],
] as const;

/**
 * Retention, on the leader, at once and then hourly: one-minute buckets older than 48 hours,
 * five-minute ones older than 14 days, hourly ones and status changes older than a year, and the
 * buckets of servers that no longer exist.
 */
@Injectable()
export class MetricsRetention implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('MetricsRetention');
  private role: HeldRole | null = null;

  constructor(
    private readonly em: EntityManager,
    private readonly leadership: Leadership,
  ) {}

  onApplicationBootstrap(): void {
    this.role ??= this.leadership.whileLeader(
      'metrics retention',
      METRICS_RETENTION_INTERVAL_MS,
      () => this.purge(),
      {
        atStart: true,
      },
    );
  }

  async onModuleDestroy(): Promise<void> {
    const role = this.role;
    this.role = null;
    await role?.drop();
  }

  /** Deletes what is past its retention as of `now`; answers the rows deleted per table. */
  async purge(now = new Date()): Promise<Record<string, number>> {
    const em = this.em.fork();
    const deleted: Record<string, number> = {};
    for (const [table, keptMs] of KEPT) {
      const { affectedRows } = await em
        .getConnection()
        .execute(`delete from ${table} where bucket_at < ?`, [now.getTime() - keptMs], 'run');
      deleted[table] = affectedRows;
    }
    // Rows of servers deleted meanwhile that MetricsRemoval could not catch (another instance's
    // last flush of them, or one that failed and was written again).
    for (const [table] of KEPT) {
      const { affectedRows } = await em
        .getConnection()
        .execute(
          `delete from ${table} where not exists (select 1 from servers s where s.id = ${table}.server_id)`,
          [],
          'run',
        );
      deleted[table] += affectedRows;
    }
    deleted.server_status_changes = await deleteStatusChangesBefore(
      em,
      new Date(now.getTime() - STATUS_CHANGE_RETENTION_MS),
    );
    const total = Object.values(deleted).reduce((sum, n) => sum + n, 0);
    if (total > 0) this.logger.log(`Deleted ${total} metric rows past their retention`);
    return deleted;
  }
}
