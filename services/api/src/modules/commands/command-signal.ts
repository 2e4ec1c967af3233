import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { RedisLink } from '../../core/cluster';
import { atMost } from '../../core/concurrency';

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

/** The channel wake-ups travel on between instances: `<instance id> <server id>`. */
export const COMMANDS_CHANNEL = 'outpost:commands';
/** How long start-up waits for the subscription (Redis away: the app starts without). */
const SUBSCRIBE_WAIT_MS = 2_000;

/**
 * Across instances (REDIS_URL): `notify` wakes this instance's long-polls directly and publishes
 * the server's id; every other instance wakes its own from one subscription, taken once at start
 * (so a wait costs Redis nothing). While Redis is away, wake-ups stay on the instance that queued
 * the command, and a long-poll elsewhere answers at its deadline as before; a command is never
 * lost, only its wake-up. A wake-up that comes twice only makes a long-poll read once more.
 */
export class RedisCommandSignal extends CommandSignal implements OnModuleInit {
  private readonly local = new InProcessCommandSignal();
  private subscribed: Promise<void> | null = null;

  constructor(private readonly link: RedisLink) {
    super();
  }

  /** Lets the app take requests once the subscription is in place (SUBSCRIBE_WAIT_MS at most). */
  onModuleInit(): Promise<void> {
    return this.start();
  }

  /**
   * Subscribes (once), again on each reconnect in case the first one did not get through; answers
   * once the first subscription is in place, so that no long-poll waits here before wake-ups from
   * other instances can reach it. With Redis away, after SUBSCRIBE_WAIT_MS all the same.
   */
  start(): Promise<void> {
    if (this.subscribed) return this.subscribed;
    const subscriber = this.link.dedicated();
    subscriber.on('message', (channel: string, message: string) => {
      const space = message.indexOf(' ');
      if (channel !== COMMANDS_CHANNEL || space === -1) return;
      // Its own wake-ups were given directly.
      if (message.slice(0, space) !== this.link.instanceId) this.local.notify(message.slice(space + 1));
    });
    const subscribed = new Promise<void>((resolve) => {
      const subscribe = () => subscriber.subscribe(COMMANDS_CHANNEL).then(() => resolve());
      subscriber.on('ready', () => void subscribe().catch(() => undefined));
    });
    this.subscribed = atMost(SUBSCRIBE_WAIT_MS, subscribed);
    return this.subscribed;
  }

  notify(serverId: string): void {
    this.local.notify(serverId);
    this.link
      .commands()
      ?.publish(COMMANDS_CHANNEL, `${this.link.instanceId} ${serverId}`)
      .catch(() => undefined);
  }

  subscribe(serverId: string, listener: () => void): () => void {
    return this.local.subscribe(serverId, listener);
  }
}
