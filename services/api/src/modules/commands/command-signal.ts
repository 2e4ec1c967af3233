import { Injectable } from '@nestjs/common';

/**
 * How a queued command wakes the long-polls waiting for its server. The one seam a fan-out across
 * several API instances (Redis publish/subscribe) replaces: `notify` there publishes, and each
 * instance calls its own subscribers.
 */
export abstract class CommandSignal {
  /** Commands were committed for this server. */
  abstract notify(serverId: string): void;
  /** Calls `listener` on each notify for this server until the answered function is called. */
  abstract subscribe(serverId: string, listener: () => void): () => void;
}

/** This process only: right for one instance (DESIGN 5b: without REDIS_URL, an in-process bus). */
@Injectable()
export class InProcessCommandSignal extends CommandSignal {
  private readonly listeners = new Map<string, Set<() => void>>();

  notify(serverId: string): void {
    for (const listener of [...(this.listeners.get(serverId) ?? [])]) listener();
  }

  subscribe(serverId: string, listener: () => void): () => void {
    let set = this.listeners.get(serverId);
    if (!set) this.listeners.set(serverId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(serverId) === set) this.listeners.delete(serverId);
    };
  }
}
