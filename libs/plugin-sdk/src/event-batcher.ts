import { PLUGIN_MAX_EVENTS_PER_BATCH, reconnectDelayMs, type PluginEvent } from '@outpost/contracts';
import { sleep } from './backoff';
import { PluginApiError, PluginRateLimitError } from './errors';
import { MemoryEventStore, type PluginEventStore } from './event-store';
import { stampEvents, type NewPluginEvent, type PluginClient } from './plugin-client';

export type EventLogLevel = 'info' | 'warn' | 'error';

export type PluginEventBatcherOptions = {
  /** Sends one batch once (the batcher does the retrying): a PluginClient, or the API in-process. */
  transport: Pick<PluginClient, 'sendEvents'>;
  log: (line: string, level: EventLogLevel) => void;
  /** Delay before retry number `attempt` (from 1); the spec's reconnect schedule by default. */
  retryDelay?: (attempt: number) => number;
  /** Where events wait; in memory by default (bounded by `maxQueued`, lost on stop). */
  store?: PluginEventStore;
  /** Events waiting in the default store, at most (default 10 000); past it the oldest are dropped. */
  maxQueued?: number;
  /**
   * True (default): a batch leaves as soon as events come, and what comes while it is on its way
   * makes the next one. False: events wait for flush() (a plugin sending them with each tick).
   */
  sendOnPush?: boolean;
  /**
   * A 401 is retried on the schedule instead of dropping the batch: for a store that outlives the
   * process, whose events wait for the token to be fixed rather than being lost with it.
   */
  retryUnauthorized?: boolean;
};

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The one delivery of a plugin's events (the simulator, the RCON translator, the bridge, the API's
 * own RCON connections). Events get their id and time when pushed and are sent in batches of the
 * size the panel takes, in order. A batch that fails for a reason that may pass (5xx, a network
 * error, a database deadlock, 429 after its Retry-After) is sent again unchanged, ids included, on
 * `retryDelay`, so the panel counts it once. A batch the panel refuses for good (400, 413) is split
 * until the events it refuses are alone, and only those are dropped; after a 401 the batch is
 * dropped (unless `retryUnauthorized`). Every drop is logged with its count. stop() delivers what
 * it can within the time it is given; what is left stays in the store.
 */
export class PluginEventBatcher {
  private readonly store: PluginEventStore;
  private readonly stopping = new AbortController();
  private sending: Promise<void> | null = null;
  /** Events came while a drain was finishing: it looks again rather than leave them waiting. */
  private again = false;
  private inFlight = 0;

  constructor(private readonly options: PluginEventBatcherOptions) {
    this.store =
      options.store ??
      new MemoryEventStore({ maxQueued: options.maxQueued, log: (line) => options.log(line, 'warn') });
  }

  /** Events waiting to be sent (not counting a batch in flight). */
  get queued(): number {
    return Math.max(0, this.store.pending - this.inFlight);
  }

  /** Takes events (each given an id and a time unless it has them) for delivery. */
  push(events: NewPluginEvent[]): void {
    if (events.length === 0) return;
    this.store.append(stampEvents(events));
    if (this.options.sendOnPush !== false) this.drain();
  }

  /** Sends every event so far; resolves once each was taken or dropped, or the batcher stopped. */
  async flush(): Promise<void> {
    this.drain();
    while (this.sending) await this.sending;
  }

  /**
   * Delivers what it can within `flushMs` (none by default), then stops retrying; resolves with
   * the events left in the store once no batch is on its way.
   */
  async stop(flushMs = 0): Promise<number> {
    const deadline = setTimeout(() => this.stopping.abort(), flushMs);
    if (flushMs > 0) this.drain();
    else this.stopping.abort();
    while (this.sending) await this.sending;
    clearTimeout(deadline);
    this.stopping.abort();
    return this.store.pending;
  }

  /** Starts sending what the store holds, unless that is already under way. */
  private drain(): void {
    if (this.stopping.signal.aborted) return;
    if (this.sending) {
      this.again = true;
      return;
    }
    this.again = false;
    this.sending = this.sendAll().finally(() => {
      this.sending = null;
      if (this.again) this.drain();
    });
  }

  private async sendAll(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      const batch = this.store.peek(PLUGIN_MAX_EVENTS_PER_BATCH);
      if (batch.events.length === 0) return;
      this.inFlight = batch.events.length;
      const settled = await this.deliver(batch.events);
      this.inFlight = 0;
      if (!settled) return;
      this.store.ack(batch);
      this.store.reportDropped?.();
    }
  }

  /**
   * Sends one batch until the panel takes it or refuses it for good (true), or the batcher stops
   * (false: it stays in the store).
   */
  private async deliver(batch: PluginEvent[]): Promise<boolean> {
    const { signal } = this.stopping;
    for (let failures = 0; !signal.aborted;) {
      try {
        await this.options.transport.sendEvents(batch, { signal, maxAttempts: 1 });
        if (failures > 0)
          this.options.log('the panel is reachable again; sending the events that waited', 'info');
        return true;
      } catch (error) {
        if (signal.aborted) return false;
        if (this.refused(error)) return this.refusedBatch(batch, error);
        failures += 1;
        const schedule = (this.options.retryDelay ?? reconnectDelayMs)(failures);
        const wait =
          error instanceof PluginRateLimitError ? Math.max(error.retryAfterMs, schedule) : schedule;
        if (failures === 1 || failures % 10 === 0)
          this.options.log(
            `${this.store.pending} events not delivered yet (${reasonOf(error)}); retry in ${wait} ms`,
            'warn',
          );
        this.store.reportDropped?.();
        await sleep(wait, signal).catch(() => undefined);
      }
    }
    return false;
  }

  /** The panel will never take this batch as it is (400, 401, 413, ...); sending it again changes nothing. */
  private refused(error: unknown): error is PluginApiError {
    if (!(error instanceof PluginApiError) || error.retryable) return false;
    return !(error.status === 401 && this.options.retryUnauthorized);
  }

  /**
   * 400 or 413 is about what the batch holds: its halves are sent on their own, down to single
   * events, so one malformed event does not take the rest with it. Anything else (401: the server
   * is gone or its token refused) drops the batch.
   */
  private async refusedBatch(batch: PluginEvent[], error: PluginApiError): Promise<boolean> {
    if (batch.length > 1 && (error.status === 400 || error.status === 413)) {
      const half = Math.ceil(batch.length / 2);
      return (await this.deliver(batch.slice(0, half))) && this.deliver(batch.slice(half));
    }
    this.options.log(`the panel refused ${batch.length} events, dropped: ${reasonOf(error)}`, 'error');
    return true;
  }
}
