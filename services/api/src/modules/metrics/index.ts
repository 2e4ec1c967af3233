// The public face of the metrics module: other modules import only what is exported here.
// Each server's figures over time (one-minute, five-minute and hourly buckets), gathered from
// `server.reported`, its retention, and the routes that read them with the servers' uptime.
export { METRICS_FLUSH_INTERVAL_MS } from './metrics-collector.service';
export { MetricsModule } from './metrics.module';
export { MINUTE_COMPLETE_AFTER_MS, MetricsQuery } from './metrics-query';
export type { MinuteMetrics } from './metrics-query';
export { MetricsRetention } from './metrics-retention.service';
export { metricsSchema } from './metrics.schema';
