import { Module } from '@nestjs/common';
import { MetricsCollector } from './metrics-collector.service';
import { MetricsQuery } from './metrics-query';

/**
 * Metrics history: every report's figures kept as one-minute, five-minute and hourly buckets
 * (metric_minutes, metric_five_minutes, metric_hours, written only here), read by the metrics
 * routes and, through MetricsQuery, by the alert rules.
 */
@Module({
  providers: [MetricsCollector, MetricsQuery],
  exports: [MetricsQuery],
})
export class MetricsModule {}
