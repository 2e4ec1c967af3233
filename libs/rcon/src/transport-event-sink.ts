import { PLUGIN_MAX_EVENTS_PER_BATCH, type PluginEvent } from '@outpost/contracts';
import { PluginApiError, PluginRateLimitError, sleep, type PluginClient } from '@outpost/plugin-sdk';
import { reconnectDelayMs } from './reconnect';

type EventTransport = Pick<PluginClient, 'sendEvents'>;

export type TransportEventSinkOptions = {
  log: (line: string) => void;
  /** Delay before retry number `attempt` (from 1); the spec's reconnect schedule by default. */
  retryDelay?: (attempt: number) => number;
  /** Events waiting to be sent, at most (default 10 000); past it the oldest are dropped. */
  maxQueued?: number;
};

/** The panel will never take this batch as it is (400, 401, 413, ...); sending it again changes nothing. */
const refused = (error: unknown): error is PluginApiError =>
  error instanceof PluginApiError && !error.retryable;

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The translator's default event delivery: an in-memory queue sent in batches through the
 * transport. A batch that fails for a reason that may pass (5xx, a network error, a database
 * deadlock, 429 after its Retry-After) is sent again unchanged, ids included, on the reconnect
 * schedule, so the panel counts it once. A batch the panel refuses for good (400, 413) is split
 * until the events it refuses are alone, and only those are dropped; after a 401 the batch is
 * dropped. Every drop is logged with its count. The queue is bounded: past `maxQueued` waiting
 * events the oldest go, with a logged count. What is queued when the signal aborts is lost: a
 * caller that must keep events across restarts gives the translator its own sink.
 */
export class TransportEventSink {
  private queue: PluginEvent[] = [];
  private sending: Promise<void> | null = null;
  private overflowed = 0;
  private readonly maxQueued: number;

  constructor(
    private readonly transport: EventTransport,
    private readonly signal: AbortSignal,
    private readonly options: TransportEventSinkOptions,
  ) {
    this.maxQueued = options.maxQueued ?? 10_000;
  }

  /** Events waiting to be sent (not counting a batch in flight). */
  get queued(): number {
    return this.queue.length;
  }

  push(events: PluginEvent[]): void {
    this.queue.push(...events);
    const over = this.queue.length - this.maxQueued;
    if (over > 0) {
      this.queue = this.queue.slice(over);
      this.overflowed += over;
    }
    this.sending ??= this.drain().finally(() => (this.sending = null));
  }

  /** Resolves when no batch is in flight. */
  async idle(): Promise<void> {
    await this.sending?.catch(() => undefined);
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0 && !this.signal.aborted) {
      // Taken out of the queue while in flight, so the bound never drops what is being sent.
      const batch = this.queue.splice(0, PLUGIN_MAX_EVENTS_PER_BATCH);
      await this.deliver(batch);
      this.reportOverflow();
    }
  }

  /** Sends one batch until the panel takes it, refuses it for good, or the signal aborts. */
  private async deliver(batch: PluginEvent[]): Promise<void> {
    for (let failures = 0; !this.signal.aborted;) {
      try {
        await this.transport.sendEvents(batch, { signal: this.signal, maxAttempts: 1 });
        return;
      } catch (error) {
        if (this.signal.aborted) return;
        if (refused(error)) return this.refusedBatch(batch, error);
        failures += 1;
        const schedule = (this.options.retryDelay ?? reconnectDelayMs)(failures);
        const wait =
          error instanceof PluginRateLimitError ? Math.max(error.retryAfterMs, schedule) : schedule;
        if (failures === 1 || failures % 10 === 0)
          this.options.log(
            `${batch.length + this.queue.length} events not delivered yet (${reasonOf(error)}); retry in ${wait} ms`,
          );
        this.reportOverflow();
        await sleep(wait, this.signal).catch(() => undefined);
      }
    }
  }

  /**
   * 400 or 413 is about what the batch holds: its halves are sent on their own, down to single
   * events, so one malformed event does not take the rest with it. Anything else (401: the server
   * is gone or its token refused) drops the batch.
   */
  private async refusedBatch(batch: PluginEvent[], error: PluginApiError): Promise<void> {
    if (batch.length > 1 && (error.status === 400 || error.status === 413)) {
      const half = Math.ceil(batch.length / 2);
      await this.deliver(batch.slice(0, half));
      await this.deliver(batch.slice(half));
      return;
    }
    this.options.log(`the panel refused ${batch.length} events, dropped: ${reasonOf(error)}`);
  }

  private reportOverflow(): void {
    if (this.overflowed === 0) return;
    this.options.log(
      `more than ${this.maxQueued} events waiting: dropped the ${this.overflowed} oldest undelivered events`,
    );
    this.overflowed = 0;
  }
}
