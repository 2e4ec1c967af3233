import { defineSchema } from '../../core/database';

/**
 * Each server's reports merged into one-minute, five-minute and hourly buckets (raw SQL,
 * metric-buckets.ts and bucket-writer.ts; columns in the metrics migration).
 */
export const metricsSchema = defineSchema({
  tables: ['metric_minutes', 'metric_five_minutes', 'metric_hours'],
});
