import { ClusterChannel, RedisLeases, type RedisLease } from './leadership-leases';
import type { RedisLink } from './redis-link';

/** A hold on the leadership: its fencing token, and the moment (Date.now()) it must be kept by. */
export type LeaderHold = { token: number; validUntil: number };

/** What keeping the lease found: kept (till when), lost to another, or no answer (Redis away). */
export type LeaderCheck = LeaderHold | 'lost' | 'unsure';

/**
 * One way of being the leader among the instances. Leadership tries `acquire` while it does not
 * lead and `renew` while it does, every few seconds; `release` gives it up at shutdown, nudging the
 * others to take it at once.
 */
export abstract class LeaderLease {
  /** How the lease is held, for log lines. */
  abstract readonly kind: string;
  /** The lease if this instance takes it now; null when another holds it or it cannot tell. */
  abstract acquire(): Promise<LeaderHold | null>;
  abstract renew(): Promise<LeaderCheck>;
  abstract release(): Promise<void>;
  /**
   * `lost`: the hold ended under the holder (its session died): step down at once. `nudged`:
   * another instance gave the lease up: try to take it now.
   */
  abstract watch(events: { lost: () => void; nudged: () => void }): void;
  abstract close(): Promise<void>;
}

/** SQLite without Redis: one process, which always leads. */
export class SoloLease extends LeaderLease {
  readonly kind = 'the only instance (SQLite)';
  private readonly hold: LeaderHold = { token: 1, validUntil: Infinity };

  acquire(): Promise<LeaderHold> {
    return Promise.resolve(this.hold);
  }

  renew(): Promise<LeaderCheck> {
    return Promise.resolve(this.hold);
  }

  release(): Promise<void> {
    return Promise.resolve();
  }

  watch(): void {}

  close(): Promise<void> {
    return Promise.resolve();
  }
}

export const LEADER_KEY = 'outpost:leader';
const RELEASED_CHANNEL = 'outpost:leader:released';

/**
 * REDIS_URL: a lease key (SET NX PX) whose value names this instance and a fencing token (INCR),
 * kept by a compare-and-pexpire script. Given up by a compare-and-delete and a nudge on a channel.
 */
export class RedisLeaderLease extends LeaderLease {
  readonly kind = 'Redis lease';
  private readonly leases: RedisLeases;
  private readonly channel: ClusterChannel;
  private held: RedisLease | null = null;

  constructor(redis: RedisLink, ttlMs: number) {
    super();
    this.leases = new RedisLeases(redis, ttlMs);
    this.channel = new ClusterChannel(redis, RELEASED_CHANNEL);
  }

  async acquire(): Promise<LeaderHold | null> {
    try {
      this.held = await this.leases.take(LEADER_KEY);
    } catch {
      this.held = null;
    }
    return this.held;
  }

  async renew(): Promise<LeaderCheck> {
    if (!this.held) return 'lost';
    try {
      this.held = await this.leases.keep(this.held);
    } catch {
      return 'unsure';
    }
    return this.held ?? 'lost';
  }

  async release(): Promise<void> {
    const held = this.held;
    this.held = null;
    if (!held) return;
    try {
      await this.leases.give(held);
      await this.channel.publish('released');
    } catch {
      // Redis away: the lease runs out by itself, and another takes it then.
    }
  }

  watch(events: { lost: () => void; nudged: () => void }): void {
    this.channel.listen(() => events.nudged());
  }

  close(): Promise<void> {
    // Its subscription is one of RedisLink's dedicated connections, closed with the app.
    return Promise.resolve();
  }
}
