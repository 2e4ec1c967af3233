import { OneAtATime } from './one-at-a-time';

/**
 * A collector's writer: `write` runs every `intervalMs` once started (the timer keeps no process
 * alive), never twice at once, and a last time when stopped, so nothing gathered is lost at
 * shutdown.
 */
export class PeriodicFlush {
  private timer: NodeJS.Timeout | null = null;
  private readonly serial = new OneAtATime();

  constructor(
    private readonly write: () => Promise<void>,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  /** No more timed writes; resolves once the last write ended. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Writes now; one write at a time (a second waits for the first, then runs). */
  flush(): Promise<void> {
    return this.serial.run(this.write);
  }

  /** Resolves once no write runs. */
  idle(): Promise<void> {
    return this.serial.idle();
  }
}
