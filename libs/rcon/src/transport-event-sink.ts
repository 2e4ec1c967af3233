import { PLUGIN_MAX_EVENTS_PER_BATCH, type PluginEvent } from '@outpost/contracts';
import type { PluginClient } from '@outpost/plugin-sdk';

type EventTransport = Pick<PluginClient, 'sendEvents'>;

/**
 * The translator's default event delivery: an in-memory queue sent in batches through the
 * transport, each batch retried (same ids) until the panel takes it. Only a batch the panel will
 * never take (400, 401, 413) is dropped, with a log line. What is queued when the signal aborts is
 * lost: a caller that must keep events across restarts gives the translator its own sink.
 */
export class TransportEventSink {
  private queue: PluginEvent[] = [];
  private sending: Promise<void> | null = null;

  constructor(
    private readonly transport: EventTransport,
    private readonly signal: AbortSignal,
    private readonly log: (line: string) => void,
  ) {}

  push(events: PluginEvent[]): void {
    this.queue.push(...events);
    this.sending ??= this.drain().finally(() => (this.sending = null));
  }

  /** Resolves when no batch is in flight. */
  async idle(): Promise<void> {
    await this.sending?.catch(() => undefined);
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0 && !this.signal.aborted) {
      const batch = this.queue.slice(0, PLUGIN_MAX_EVENTS_PER_BATCH);
      try {
        await this.transport.sendEvents(batch, { signal: this.signal });
      } catch (error) {
        if (this.signal.aborted) return;
        this.log(`${batch.length} events dropped: ${error instanceof Error ? error.message : String(error)}`);
      }
      this.queue = this.queue.slice(batch.length);
    }
  }
}
