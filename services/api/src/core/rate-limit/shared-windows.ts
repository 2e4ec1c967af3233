import type Redis from 'ioredis';
import { hitInRedis } from './redis-windows';
import type { WindowCount } from './window-count';

/** Hits admitted ahead are counted in Redis this long after the first of them, at most. */
export const SHARED_FLUSH_MS = 50;
/** Hits of one key admitted ahead here, at most, before the next is counted in Redis first. */
export const MAX_AHEAD = 16;
/** Windows ended are swept once this many keys are known (and again each time their number doubles). */
const SWEEP_FROM = 10_000;

/**
 * A key's window as Redis last answered here, and the hits admitted here since, not yet sent (a
 * key names its rule, so its window's length never changes).
 */
type Known = { windowMs: number; count: number; endsAt: number; ahead: number };

/**
 * Counts in Redis, shared by every instance, without a round trip for each hit of a busy key (a
 * game server's plugin calls). While the key's count as Redis last answered it here, with the
 * hits admitted ahead here since, stays within half the limit, a hit is admitted at once and
 * counted in Redis with the others of the moment (every SHARED_FLUSH_MS, one pipelined write). Any
 * other hit (a key new here, a window ending, half the limit reached, MAX_AHEAD already waiting)
 * is counted in Redis before it is judged, together with its key's hits waiting here. So what the
 * instances admit passes the limit only when hits beyond half of it reach several instances
 * within one flush, and then by no more than MAX_AHEAD per other instance.
 */
export class SharedWindows {
  private readonly known = new Map<string, Known>();
  private readonly waiting = new Set<string>();
  private flushTimer: NodeJS.Timeout | null = null;
  private sweepAt = SWEEP_FROM;

  constructor(private readonly commands: () => Redis | null) {}

  /** Admits the hit ahead (counted in Redis within SHARED_FLUSH_MS) when it may; else false. */
  ahead(key: string, limit: number, now = Date.now()): boolean {
    const known = this.known.get(key);
    if (
      !known ||
      now + 2 * SHARED_FLUSH_MS >= known.endsAt ||
      known.ahead >= MAX_AHEAD ||
      2 * (known.count + known.ahead + 1) > limit
    )
      return false;
    known.ahead += 1;
    this.waiting.add(key);
    this.flushTimer ??= setTimeout(() => this.flush(), SHARED_FLUSH_MS).unref();
    return true;
  }

  /**
   * Counts the hit in Redis now, with its key's hits admitted ahead here; answers its place in the
   * window. Rejects when Redis does not answer (the hits are then counted nowhere shared).
   */
  async exact(redis: Redis, key: string, windowMs: number, now = Date.now()): Promise<WindowCount> {
    const hits = 1 + this.takeAhead(key);
    const window = await hitInRedis(redis, key, windowMs, hits);
    this.learn(key, windowMs, window, now);
    return window;
  }

  /** Sends what waits (one pipelined write: ioredis sends the commands of one moment together). */
  private flush(): void {
    this.flushTimer = null;
    const redis = this.commands();
    const now = Date.now();
    for (const key of this.waiting) {
      const known = this.known.get(key);
      const hits = this.takeAhead(key);
      // Redis away: they were admitted; each instance counts alone until it is back.
      if (!known || hits === 0 || !redis) continue;
      hitInRedis(redis, key, known.windowMs, hits).then(
        (window) => this.learn(key, known.windowMs, window, now),
        () => undefined,
      );
    }
    this.waiting.clear();
  }

  private takeAhead(key: string): number {
    const known = this.known.get(key);
    if (!known) return 0;
    const hits = known.ahead;
    known.ahead = 0;
    return hits;
  }

  private learn(key: string, windowMs: number, { count, remainingMs }: WindowCount, now: number): void {
    const known = this.known.get(key);
    if (known) Object.assign(known, { windowMs, count, endsAt: now + remainingMs });
    else {
      if (this.known.size >= this.sweepAt) this.sweep(now);
      this.known.set(key, { windowMs, count, endsAt: now + remainingMs, ahead: 0 });
    }
  }

  /** Forgets ended windows with nothing waiting. */
  private sweep(now: number): void {
    for (const [key, known] of this.known)
      if (now >= known.endsAt && known.ahead === 0) this.known.delete(key);
    this.sweepAt = Math.max(SWEEP_FROM, this.known.size * 2);
  }
}
