/**
 * Waits for `step`, `ms` at most, and never fails: for a start-up step that waits on a service
 * which may be away (the app then starts without it, and the step completes by itself later).
 */
export const atMost = async (ms: number, step: Promise<unknown>): Promise<void> => {
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  try {
    await Promise.race([step.catch(() => undefined), elapsed]);
  } finally {
    clearTimeout(timer);
  }
};
