import { randomInt } from 'node:crypto';
import type { LiveEvent } from '@outpost/contracts';
import { LiveBus, type LiveListener, type LiveMessage } from './live-bus';

/** Messages kept for resuming streams: about a minute of a busy network's events. */
export const LIVE_REPLAY_SIZE = 5_000;

/**
 * A name for one bus's ids: its start time and a random part, so two buses started in the same
 * millisecond (two instances, or a restart that quick) never read each other's ids as their own.
 */
export function bootName(): string {
  return (
    Date.now().toString(36) +
    randomInt(36 ** 4)
      .toString(36)
      .padStart(4, '0')
  );
}

/**
 * The bus inside one process. Ids are `<boot>-<sequence>`: an id from before a restart (another
 * boot) is never resumed from, since what came between is lost.
 */
export class InProcessLiveBus extends LiveBus {
  private sequence = 0;
  private readonly listeners = new Map<string, Set<LiveListener>>();
  /** A ring of the latest messages: sequence n sits at n % replaySize. */
  private readonly kept: (LiveMessage | undefined)[];

  /** `boot` names this bus in its ids (lower-case letters and digits); see bootName by default. */
  constructor(
    private readonly replaySize: number = LIVE_REPLAY_SIZE,
    private readonly boot: string = bootName(),
  ) {
    super();
    this.kept = new Array<LiveMessage | undefined>(replaySize);
  }

  /** The sequence of the latest message delivered (0 before the first). */
  get lastSequence(): number {
    return this.sequence;
  }

  /**
   * Delivered on the next turn of the event loop, in publishing order: the request that caused
   * the event (a heartbeat, say) is answered first, not after the fan-out to every stream.
   */
  publish(event: LiveEvent): void {
    setImmediate(() => this.deliverNow(event));
  }

  /** Delivers at once: for an owner that already put the event off (the Redis bus's fallback). */
  deliverNow(event: LiveEvent): LiveMessage {
    this.sequence += 1;
    const message: LiveMessage = { id: `${this.boot}-${this.sequence}`, event };
    this.kept[this.sequence % this.replaySize] = message;
    for (const listener of this.listeners.get(event.networkId) ?? []) listener(message);
    return message;
  }

  subscribe(networkId: string, listener: LiveListener): () => void {
    let listeners = this.listeners.get(networkId);
    if (!listeners) this.listeners.set(networkId, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.listeners.get(networkId) === listeners)
        this.listeners.delete(networkId);
    };
  }

  since(lastId: string, networkIds: ReadonlySet<string>): Promise<LiveMessage[] | null> {
    const match = /^([0-9a-z]+)-(\d+)$/.exec(lastId);
    if (!match || match[1] !== this.boot) return Promise.resolve(null);
    const after = Number(match[2]);
    if (after > this.sequence) return Promise.resolve(null);
    // Everything after `after` must still be kept.
    if (this.sequence - after > this.replaySize) return Promise.resolve(null);
    const messages: LiveMessage[] = [];
    for (let sequence = after + 1; sequence <= this.sequence; sequence += 1) {
      const message = this.kept[sequence % this.replaySize];
      if (message && networkIds.has(message.event.networkId)) messages.push(message);
    }
    return Promise.resolve(messages);
  }
}
