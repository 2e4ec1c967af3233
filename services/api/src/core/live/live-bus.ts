import type { LiveEvent } from '@outpost/contracts';

/** An event on the bus: the bus gives it its id, in publishing order. */
export type LiveMessage = { id: string; event: LiveEvent };

/** Called with each message of a network it subscribed to. */
export type LiveListener = (message: LiveMessage) => void;

/**
 * Where live events travel from the module that saw them to the streams of the users who may see
 * them (DESIGN section 5b). Implementations: in-process (one API instance, the default) and, with
 * REDIS_URL, one fanning out across instances; the live stream uses only this contract, so either
 * drops in unchanged. Events go out by network (every LiveEvent names its network).
 */
export abstract class LiveBus {
  private readonly gapListeners = new Set<() => void>();

  /**
   * Called when this instance may have missed events of other instances (Redis was away, so each
   * delivered only its own): what its streams show is to be read again. Answers the unsubscribe.
   */
  onGap(listener: () => void): () => void {
    this.gapListeners.add(listener);
    return () => this.gapListeners.delete(listener);
  }

  protected gap(): void {
    for (const listener of [...this.gapListeners]) listener();
  }

  /** Gives the event its id and delivers it to the network's subscribers (on every instance). */
  abstract publish(event: LiveEvent): void;

  /** Messages of `networkId` published from now on; answers the unsubscribe. */
  abstract subscribe(networkId: string, listener: LiveListener): () => void;

  /**
   * The messages of these networks published after `lastId`, in order; null when they can no
   * longer be told (the id is older than what is kept, or from before the bus restarted), and the
   * client must read everything again.
   */
  abstract since(lastId: string, networkIds: ReadonlySet<string>): Promise<LiveMessage[] | null>;
}
