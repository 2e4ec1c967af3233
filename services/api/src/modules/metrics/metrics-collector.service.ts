import { EntityManager } from '@mikro-orm/core';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { PeriodicFlush } from '../../core/concurrency';
import { APP_CONFIG, type AppConfig } from '../../core/config';
import { DomainEvents } from '../../core/events';
import { upsertBuckets } from './bucket-writer';
import { type Bucket, BUCKET_TABLES, BucketSet, rollUp } from './metric-buckets';

/**
 * How often each instance writes the minutes it gathered. A minute is complete in the tables
 * once every instance flushed after it ended: this long after its end, plus the flush itself.
 */
export const METRICS_FLUSH_INTERVAL_MS = 5_000;

/**
 * Gathers every stored report's figures (`server.reported`) into one-minute buckets in memory, and
 * merges them into the minute, five-minute and hourly tables every few seconds and at shutdown,
 * in one transaction: the heartbeat never waits for any of it. Merge-upserts (see upsertBuckets)
 * make the parts of a minute that several instances, or several flushes, wrote add up exactly. A
 * flush that fails keeps its buckets for the next one. Off with METRICS_ENABLED=false.
 */
@Injectable()
export class MetricsCollector implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Metrics');
  private readonly minutes = new BucketSet(BUCKET_TABLES.minute.sizeMs);
  private readonly em: EntityManager;
  private unsubscribe: (() => void) | null = null;
  private readonly flusher = new PeriodicFlush(() => this.write(), METRICS_FLUSH_INTERVAL_MS);

  constructor(
    em: EntityManager,
    private readonly events: DomainEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.em = em.fork();
  }

  onApplicationBootstrap(): void {
    if (!this.config.metricsEnabled || this.unsubscribe) return;
    this.unsubscribe = this.events.on('server.reported', (report) => this.minutes.add(report));
    this.flusher.start();
  }

  /** The last minutes written at shutdown: the database closes later (onApplicationShutdown). */
  async onModuleDestroy(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.flusher.stop();
  }

  /** Buckets gathered and not written yet (for tests). */
  get pending(): number {
    return this.minutes.size;
  }

  /**
   * Drops what was gathered of the servers `which` picks and waits for a flush under way, so that
   * rows deleted next are not written again by it (a server or network deleted).
   */
  async forget(which: (bucket: Bucket) => boolean): Promise<void> {
    this.minutes.forget(which);
    await this.flusher.idle();
  }

  /** Writes what was gathered; one flush at a time (a second waits for the first, then runs). */
  async flush(): Promise<void> {
    await this.flusher.flush();
  }

  private async write(): Promise<void> {
    const minutes = this.minutes.drain();
    if (minutes.length === 0) return;
    try {
      await this.em.fork().transactional(async (em) => {
        await upsertBuckets(em, BUCKET_TABLES.minute.table, minutes);
        await upsertBuckets(
          em,
          BUCKET_TABLES.fiveMinutes.table,
          rollUp(minutes, BUCKET_TABLES.fiveMinutes.sizeMs),
        );
        await upsertBuckets(em, BUCKET_TABLES.hour.table, rollUp(minutes, BUCKET_TABLES.hour.sizeMs));
      });
    } catch (error) {
      // Nothing was written (one transaction): the next flush writes these with what came since.
      for (const bucket of minutes) this.minutes.merge(bucket);
      this.logger.warn(
        `Metrics not written yet (${minutes.length} minutes kept for the next try): ${String(error)}`,
      );
    }
  }
}
