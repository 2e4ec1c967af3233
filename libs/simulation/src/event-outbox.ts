import {
  PLUGIN_MAX_EVENTS_PER_BATCH,
  stampEvents,
  type NewPluginEvent,
  type PluginEvent,
} from '@outpost/plugin-sdk';

export type EventOutboxOptions = {
  /** Posts one batch; rejects only for a batch the panel will never take (the client retries the rest). */
  send: (batch: PluginEvent[]) => Promise<unknown>;
  signal: AbortSignal;
  log: (line: string) => void;
};

/** The events a server has yet to deliver, sent in batches of the size the panel takes, in order. */
export class EventOutbox {
  private pending: PluginEvent[] = [];
  private sending: Promise<void> | null = null;

  constructor(private readonly options: EventOutboxOptions) {}

  push(event: NewPluginEvent): void {
    // Stamped now: a batch sent again after a failure carries the same ids, so it counts once.
    this.pending.push(...stampEvents([event]));
  }

  /** Sends every event so far; resolves once the panel acknowledged them. */
  flush(): Promise<void> {
    this.sending ??= this.drain().finally(() => (this.sending = null));
    return this.sending;
  }

  /** Resolves when no batch is on its way (whether it was delivered or not). */
  async settled(): Promise<void> {
    await this.sending?.catch(() => undefined);
  }

  private async drain(): Promise<void> {
    const { signal } = this.options;
    while (this.pending.length > 0 && !signal.aborted) {
      const batch = this.pending.slice(0, PLUGIN_MAX_EVENTS_PER_BATCH);
      try {
        await this.options.send(batch);
        this.pending = this.pending.slice(batch.length);
      } catch (error) {
        if (signal.aborted) return;
        // Only a request the panel will never take (400, 401, 413) gets here: drop it, say why.
        this.options.log(`events dropped: ${error instanceof Error ? error.message : String(error)}`);
        this.pending = this.pending.slice(batch.length);
      }
    }
  }
}
