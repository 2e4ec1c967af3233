// GET /api/servers/{id}/metrics and /api/networks/{id}/metrics: the range and the format. The
// panel's range switch keeps the range in the page's query, read back with the same schema.
import { METRIC_RANGES } from '@outpost/contracts';
import { z } from 'zod';

export const METRICS_MESSAGES = {
  range: `range must be one of ${METRIC_RANGES.join(', ')}`,
  format: 'format must be json or csv',
} as const;

/**
 * ?range=1h|24h|7d|30d and ?format=json|csv (json); other keys are ignored. Without a range a
 * network reads DEFAULT_METRIC_RANGE and a server the range that fits its history (contracts).
 */
export const metricsQuerySchema = z.object({
  range: z.enum(METRIC_RANGES, { error: METRICS_MESSAGES.range }).optional(),
  format: z.enum(['json', 'csv'], { error: METRICS_MESSAGES.format }).default('json'),
});
export type MetricsQueryInput = z.output<typeof metricsQuerySchema>;
