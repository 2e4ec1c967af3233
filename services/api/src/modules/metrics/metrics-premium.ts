import { DEFAULT_METRIC_RANGE, FREE_METRIC_RANGES } from '@outpost/contracts';
import { metricsQuerySchema } from '@outpost/validation';

/**
 * Whether a metrics call is one of Premium's (@RequirePremium's `when`). Input the route refuses
 * is not: it answers its 400 naming the field, on any plan.
 */
export const isPremiumMetricsCall = (query: unknown): boolean => {
  const parsed = metricsQuerySchema.safeParse(query ?? {});
  if (!parsed.success) return false;
  // No range is a free one: a network's default, or the one that fits a server's history.
  const { range = DEFAULT_METRIC_RANGE, format } = parsed.data;
  return !FREE_METRIC_RANGES.includes(range) || format === 'csv';
};
