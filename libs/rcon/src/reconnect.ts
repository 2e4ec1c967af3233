/**
 * The spec's reconnect schedule (section 9, shared with the live stream): 1 s for the first 5
 * tries, 5 s up to the 15th, 10 s up to the 100th, then 60 s. `attempt` counts failures from 1.
 */
export const reconnectDelayMs = (attempt: number): number => {
  if (attempt <= 5) return 1_000;
  if (attempt <= 15) return 5_000;
  if (attempt <= 100) return 10_000;
  return 60_000;
};
