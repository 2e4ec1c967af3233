import { DEFAULT_METRIC_RANGE, METRIC_RANGES } from '@outpost/contracts';
import { z } from 'zod';

export const RANGE_MESSAGE = `range must be one of ${METRIC_RANGES.join(', ')}`;
export const FORMAT_MESSAGE = 'format must be json or csv';

/** ?range=1h|24h|7d|30d (24h when absent) and ?format=json|csv (json); other keys are ignored. */
export const metricsQuerySchema = z.object({
  range: z.enum(METRIC_RANGES, { error: RANGE_MESSAGE }).default(DEFAULT_METRIC_RANGE),
  format: z.enum(['json', 'csv'], { error: FORMAT_MESSAGE }).default('json'),
});
export type MetricsQueryInput = z.output<typeof metricsQuerySchema>;
