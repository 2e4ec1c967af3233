// Exponential backoff with jitter, and a sleep that an AbortSignal cuts short.

export type BackoffOptions = {
  /** First delay in ms (default 500). */
  baseDelayMs?: number;
  /** Ceiling of one delay in ms (default 30 000). */
  maxDelayMs?: number;
  /** A number in [0, 1); Math.random by default. */
  random?: () => number;
};

/**
 * The delay before retry number `attempt` (0 = first retry): "equal jitter", half fixed and half
 * random, so many servers that failed together do not all come back at the same instant.
 */
export const backoffDelay = (attempt: number, options: BackoffOptions = {}): number => {
  const base = options.baseDelayMs ?? 500;
  const max = options.maxDelayMs ?? 30_000;
  const ceiling = Math.min(max, base * 2 ** Math.min(attempt, 30));
  const random = options.random ?? Math.random;
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
};

export class AbortedError extends Error {
  override name = 'AbortError';
  constructor() {
    super('The operation was aborted');
  }
}

export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortedError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
