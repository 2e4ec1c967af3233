import { Injectable, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { PluginCommand } from '@outpost/contracts';
import { Draining } from '../../core/http';
import { CommandSignal } from './command-signal';
import { CommandsService } from './commands.service';

/**
 * GET /api/plugin/v1/commands?wait=S: answers a server's pending commands as soon as there are
 * any, else an empty list after S seconds. Subscribes before it reads, so a command committed
 * between the read and the wait still wakes it; a wake-up whose commands a heartbeat took first
 * goes back to waiting. When the server starts draining (SIGTERM) or the app shuts down, every
 * wait ends at once with an empty list, so a graceful stop is not held up for 30 s.
 */
@Injectable()
export class CommandLongPoll implements OnModuleInit, BeforeApplicationShutdown {
  private closing = false;
  /** The waits in progress, each ended by calling it. */
  private readonly waits = new Set<() => void>();

  constructor(
    private readonly commands: CommandsService,
    private readonly signal: CommandSignal,
    private readonly draining: Draining,
  ) {}

  onModuleInit(): void {
    this.draining.onDrain(() => this.endAll());
  }

  /** `gone` aborts when the caller hung up; `now` is the clock the delivered time is taken from. */
  async wait(
    serverId: string,
    waitSeconds: number,
    gone: AbortSignal,
    now: () => Date,
  ): Promise<PluginCommand[]> {
    const deadline = Date.now() + waitSeconds * 1000;
    let woken = false;
    let wake: (() => void) | undefined;
    const unsubscribe = this.signal.subscribe(serverId, () => {
      woken = true;
      wake?.();
    });
    try {
      for (;;) {
        if (this.closing || gone.aborted) return [];
        woken = false;
        const claimed = await this.commands.claim(serverId, now());
        if (claimed.length > 0) return claimed;
        const left = deadline - Date.now();
        if (left <= 0) return [];
        // A notify that came while the read ran reads again at once; a drain that began meanwhile ends it.
        if (this.closing || gone.aborted) return [];
        if (!woken) await this.sleep(left, gone, (resolve) => (wake = resolve));
        wake = undefined;
        if (!woken) return [];
      }
    } finally {
      unsubscribe();
    }
  }

  /** Until `ms` pass, the caller hangs up, the app shuts down, or `onWake`'s function is called. */
  private sleep(ms: number, gone: AbortSignal, onWake: (resolve: () => void) => void): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        gone.removeEventListener('abort', done);
        this.waits.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      gone.addEventListener('abort', done);
      this.waits.add(done);
      onWake(done);
    });
  }

  beforeApplicationShutdown(): void {
    this.endAll();
  }

  private endAll(): void {
    this.closing = true;
    for (const end of [...this.waits]) end();
  }
}
