import type { PluginEvent } from '@outpost/contracts';

/** Events read from a store by `peek`: `ack` takes the whole of it (`seq` and `end` say where it ends). */
export type StoredEvents = { events: PluginEvent[]; seq: number; end: number };

/**
 * Where events wait until the panel has taken them (or refused them for good): in memory
 * (MemoryEventStore, the batcher's default) or on disk (the bridge's spool, which outlives a
 * restart). `peek` gives the oldest events, the same ones again until they are acknowledged.
 */
export type PluginEventStore = {
  /** Events kept and not yet acknowledged. */
  readonly pending: number;
  append(events: PluginEvent[]): void;
  peek(max: number): StoredEvents;
  ack(batch: StoredEvents): void;
  /** Logs what the store's bound dropped since it last said so; the batcher calls it at each attempt. */
  reportDropped?(): void;
};

export type MemoryEventStoreOptions = {
  /** Events waiting to be sent, at most (default 10 000); past it the oldest are dropped. */
  maxQueued?: number;
  log?: (line: string) => void;
};

/**
 * Events in memory, lost when the process ends. The bound counts the events waiting, not the batch
 * taken by `peek` (in flight), so it never drops what is being sent; what it drops is told once
 * per delivery attempt rather than once per event pushed.
 */
export class MemoryEventStore implements PluginEventStore {
  private waiting: PluginEvent[] = [];
  private taken: StoredEvents | null = null;
  private taking = 0;
  private dropped = 0;
  readonly maxQueued: number;

  constructor(private readonly options: MemoryEventStoreOptions = {}) {
    this.maxQueued = options.maxQueued ?? 10_000;
  }

  get pending(): number {
    return this.waiting.length + (this.taken?.events.length ?? 0);
  }

  append(events: PluginEvent[]): void {
    this.waiting.push(...events);
    const over = this.waiting.length - this.maxQueued;
    if (over > 0) {
      this.waiting = this.waiting.slice(over);
      this.dropped += over;
    }
  }

  peek(max: number): StoredEvents {
    if (this.taken) return this.taken;
    const events = this.waiting.splice(0, max);
    if (events.length === 0) return { events, seq: 0, end: 0 };
    this.taken = { events, seq: ++this.taking, end: events.length };
    return this.taken;
  }

  ack(batch: StoredEvents): void {
    if (this.taken?.seq === batch.seq) this.taken = null;
  }

  reportDropped(): void {
    if (this.dropped === 0) return;
    this.options.log?.(
      `more than ${this.maxQueued} events waiting: dropped the ${this.dropped} oldest undelivered events`,
    );
    this.dropped = 0;
  }
}
