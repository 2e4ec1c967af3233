import { Module } from '@nestjs/common';
import { PlansModule } from '../plans';
import { ServersModule } from '../servers';
import { MetricsCollector } from './metrics-collector.service';
import { MetricsQuery } from './metrics-query';
import { MetricsRemoval } from './metrics-removal.service';
import { MetricsRetention } from './metrics-retention.service';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';

/**
 * Metrics history: every report's figures kept as one-minute, five-minute and hourly buckets
 * (metric_minutes, metric_five_minutes, metric_hours, written only here), read by the metrics
 * routes and, through MetricsQuery, by the alert rules.
 */
@Module({
  imports: [ServersModule, PlansModule],
  controllers: [MetricsController],
  providers: [MetricsCollector, MetricsQuery, MetricsRemoval, MetricsRetention, MetricsService],
  exports: [MetricsQuery],
})
export class MetricsModule {}
