import { EntityManager } from '@mikro-orm/core';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { Leadership, type HeldRole } from '../../core/cluster';
import { APP_CONFIG, type AppConfig } from '../../core/config';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows one statement deletes at most: each statement holds its locks for milliseconds only. */
export const LOG_PURGE_BATCH_SIZE = 5_000;
/** Between two statements: writers (the plugins' events) get their turn. */
export const LOG_PURGE_PAUSE_MS = 250;
export const LOG_PURGE_INTERVAL_MS = 60 * 60 * 1000;

export type LogPurgeOptions = {
  batchSize?: number;
  pauseMs?: number;
  /** Stops at the batch it is on once aborted (this instance no longer leads). */
  signal?: AbortSignal;
};
/** What one purge did: rows deleted, and the statements it took. */
export type LogPurgeResult = { deleted: number; batches: number };

/**
 * Retention (LOG_RETENTION_DAYS): the servers' events older than that are deleted by the leader,
 * when it becomes the leader and then hourly, a batch per statement with a pause between, so no
 * statement holds a long lock and the plugins keep writing meanwhile. Stops at the batch it is on
 * when the app shuts down or this instance steps down.
 */
@Injectable()
export class LogPurgeService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('LogPurge');
  private role: HeldRole | null = null;
  private running: Promise<LogPurgeResult> | null = null;
  private stopping = false;
  /** Ends the pause in progress (shutting down). */
  private wake: (() => void) | null = null;

  constructor(
    private readonly em: EntityManager,
    private readonly leadership: Leadership,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    // An hour's purge still running when the next is due is left to finish.
    this.role ??= this.leadership.whileLeader(
      'log purge',
      LOG_PURGE_INTERVAL_MS,
      (signal) => this.purge({ signal }),
      { atStart: true },
    );
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    const role = this.role;
    this.role = null;
    await role?.drop();
    await this.running?.catch(() => undefined);
  }

  /** Deletes the events older than the retention; one purge at a time (a second waits its turn). */
  async purge(options: LogPurgeOptions = {}): Promise<LogPurgeResult> {
    while (this.running) await this.running.catch(() => undefined);
    const running = this.deleteOld(
      options.batchSize ?? LOG_PURGE_BATCH_SIZE,
      options.pauseMs ?? LOG_PURGE_PAUSE_MS,
      options.signal,
    );
    this.running = running;
    try {
      return await running;
    } finally {
      if (this.running === running) this.running = null;
    }
  }

  private async deleteOld(batchSize: number, pauseMs: number, signal?: AbortSignal): Promise<LogPurgeResult> {
    const em = this.em.fork();
    const cutoff = new Date(Date.now() - this.config.logRetentionDays * DAY_MS);
    const at = em.getPlatform().processDateProperty(cutoff) as Date | number;
    const result: LogPurgeResult = { deleted: 0, batches: 0 };
    while (!this.stopping && !signal?.aborted) {
      // The oldest rows' ids network by network, through the (network_id, at, id) index, then those
      // rows by primary key. (An index on at alone would tempt PostgreSQL's planner to walk it for
      // one server's newest lines, reading every other server's on the way.)
      const { affectedRows } = await em.getConnection().execute(
        `delete from server_events where id in (select id from server_events
             where network_id in (select id from networks) and at < ? limit ?)`,
        [at, batchSize],
        'run',
      );
      result.batches += 1;
      result.deleted += affectedRows;
      if (affectedRows < batchSize) break;
      await this.pause(pauseMs, signal);
    }
    if (result.deleted > 0)
      this.logger.log(
        `Deleted ${result.deleted} server events older than ${this.config.logRetentionDays} days`,
      );
    return result;
  }

  private pause(ms: number, signal?: AbortSignal): Promise<void> {
    if (ms <= 0 || this.stopping || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}
