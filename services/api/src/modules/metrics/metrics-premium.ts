import { metricsQuerySchema, type MetricsQueryInput } from '@outpost/validation';

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
