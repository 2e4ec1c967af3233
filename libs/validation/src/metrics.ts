// GET /api/servers/{id}/metrics and /api/networks/{id}/metrics: the range and the format. The
// panel's range switch keeps the range in the page's query, read back with the same schema.
import { DEFAULT_METRIC_RANGE, METRIC_RANGES } from '@outpost/contracts';
import { z } from 'zod';

export const METRICS_MESSAGES = {
  range: `range must be one of ${METRIC_RANGES.join(', ')}`,
  format: 'format must be json or csv',
} as const;

/** ?range=1h|24h|7d|30d (24h when absent) and ?format=json|csv (json); other keys are ignored. */
export const metricsQuerySchema = z.object({
  range: z.enum(METRIC_RANGES, { error: METRICS_MESSAGES.range }).default(DEFAULT_METRIC_RANGE),
  format: z.enum(['json', 'csv'], { error: METRICS_MESSAGES.format }).default('json'),
});
export type MetricsQueryInput = z.output<typeof metricsQuerySchema>;
