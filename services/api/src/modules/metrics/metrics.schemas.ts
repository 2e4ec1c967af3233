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

/** The ranges a Free network reads; longer ones, and any CSV export, are Premium's. */
export const FREE_METRIC_RANGES: readonly MetricsQueryInput['range'][] = ['1h', '24h'];

/**
 * Whether a metrics call is one of Premium's (@RequirePremium's `when`). Input the route refuses
 * is not: it answers its 400 naming the field, on any plan.
 */
export const isPremiumMetricsCall = (query: unknown): boolean => {
  const parsed = metricsQuerySchema.safeParse(query ?? {});
  return parsed.success && (!FREE_METRIC_RANGES.includes(parsed.data.range) || parsed.data.format === 'csv');
};
