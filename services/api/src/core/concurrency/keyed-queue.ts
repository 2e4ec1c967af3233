import { AsyncResource } from 'node:async_hooks';

type Caller<T> = { resolve: (value: T) => void; reject: (error: unknown) => void };
type Job<T> = { run: () => Promise<T>; callers: Caller<T>[] };

/**
 * Runs jobs one at a time per key, in order, for work where a newer job covers an older one (a
 * report of the whole current state, such as a heartbeat). At most `maxWaiting` (1 or more) wait
 * behind the running one: past that, a new job takes the last one's place, and whoever waited for
 * that one gets the new one's outcome. So a key holds `maxWaiting + 1` jobs however many arrive,
 * and no caller is turned away. Each job runs in the async context it was queued from (its
 * request's). A key is forgotten once idle.
 */
export class KeyedQueue<T> {
  /** The jobs waiting, per key with a job running. */
  private readonly waiting = new Map<string, Job<T>[]>();

  constructor(private readonly maxWaiting: number) {}

  /** Keys with a job running. */
  get size(): number {
    return this.waiting.size;
  }

  run(key: string, job: () => Promise<T>): Promise<T> {
    const waiting = this.waiting.get(key);
    if (!waiting) {
      this.waiting.set(key, []);
      return this.start(key, job);
    }
    // Only a job that waits needs its context carried (one that starts at once is in it already).
    const run = AsyncResource.bind(job);
    return new Promise<T>((resolve, reject) => {
      const last = waiting.at(-1);
      if (last && waiting.length >= this.maxWaiting) {
        last.run = run;
        last.callers.push({ resolve, reject });
      } else waiting.push({ run, callers: [{ resolve, reject }] });
    });
  }

  private start(key: string, run: () => Promise<T>): Promise<T> {
    let outcome: Promise<T>;
    try {
      outcome = run();
    } catch (error) {
      outcome = Promise.reject(error as Error);
    }
    const next = () => {
      const job = this.waiting.get(key)?.shift();
      if (!job) return void this.waiting.delete(key);
      const result = this.start(key, job.run);
      for (const caller of job.callers) result.then(caller.resolve, caller.reject);
    };
    outcome.then(next, next);
    return outcome;
  }
}
