import type { MetricRange } from '@outpost/contracts';

/** How a range reads in a sentence: "Uptime over the last 24 hours". */
export const RANGE_NAMES: Readonly<Record<MetricRange, string>> = {
  '1h': 'the last hour',
  '24h': 'the last 24 hours',
  '7d': 'the last 7 days',
  '30d': 'the last 30 days',
};
