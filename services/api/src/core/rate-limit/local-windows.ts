import type { WindowCount } from './window-count';

/** Ended windows are swept once this many are kept (and again each time their number doubles). */
const SWEEP_FROM = 10_000;

/**
 * Fixed windows counted in this process: the first hit of a key opens its window, which ends
 * `windowMs` later whatever happens in it. Synchronous, so a caller counting here awaits nothing.
 * Counts as redis-windows.ts does, so a limit means the same with Redis and without.
 */
export class LocalWindows {
  private readonly windows = new Map<string, { endsAt: number; count: number }>();
  private sweepAt = SWEEP_FROM;

  hit(key: string, windowMs: number, now = Date.now()): WindowCount {
    let window = this.windows.get(key);
    if (!window || now >= window.endsAt) {
      if (this.windows.size >= this.sweepAt) this.sweep(now);
      window = { endsAt: now + windowMs, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, remainingMs: window.endsAt - now };
  }

  /** Drops ended windows only: clearing live ones would let a flood start its count again. */
  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (now >= window.endsAt) this.windows.delete(key);
    this.sweepAt = Math.max(SWEEP_FROM, this.windows.size * 2);
  }
}
