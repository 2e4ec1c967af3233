import type { Logger } from '@nestjs/common';

/** What only the leader does: started when this instance becomes the leader, stopped when it steps down. */
export type LeaderRole = {
  /** For log lines. */
  name: string;
  start: () => void | Promise<void>;
  /** Ends what `start` began; awaited before a later start (never two at once on one instance). */
  stop: () => void | Promise<void>;
};

/** A role held with Leadership.hold. */
export type HeldRole = {
  /** Settles once the start due when it was held (this instance leading then) has run. */
  ready: Promise<void>;
  /** Stops it (if running) and holds it no more. */
  drop: () => Promise<void>;
};

const describe = (error: unknown) =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);

/** One role's state: its starts and stops run one after the other, in the order asked. */
export class RoleSlot {
  private on = false;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    readonly role: LeaderRole,
    private readonly logger: Logger,
  ) {}

  /** Starts or stops the role (nothing when it is already so); settles once done. */
  want(on: boolean): Promise<void> {
    this.chain = this.chain.then(async () => {
      if (this.on === on) return;
      // Set first: a start that failed half-way is stopped all the same.
      this.on = on;
      try {
        await (on ? this.role.start() : this.role.stop());
      } catch (error) {
        this.logger.error(`${this.role.name}: ${on ? 'start' : 'stop'} failed`, describe(error));
      }
    });
    return this.chain;
  }
}

/**
 * A job run every `everyMs` as a role: a run is skipped while the previous one is still going, and
 * stopping aborts the signal the run got and waits for it to end.
 */
export const periodicRole = (
  name: string,
  everyMs: number,
  job: (signal: AbortSignal) => Promise<unknown>,
  logger: Logger,
  options: { atStart?: boolean } = {},
): LeaderRole => {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let abort = new AbortController();
  const run = () => {
    if (running || abort.signal.aborted) return;
    const started = performance.now();
    const signal = abort.signal;
    running = job(signal)
      .then(
        // One line per run (debug), so a test or an operator can count where the work ran.
        () => logger.debug(`${name}: ran in ${Math.round(performance.now() - started)} ms`),
        (error: unknown) => logger.error(`${name} failed`, describe(error)),
      )
      .finally(() => (running = null));
  };
  return {
    name,
    start: () => {
      abort = new AbortController();
      if (options.atStart) run();
      timer = setInterval(run, everyMs);
      timer.unref();
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      timer = null;
      abort.abort();
      await running;
    },
  };
};
