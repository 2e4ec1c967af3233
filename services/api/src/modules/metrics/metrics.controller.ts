import { applyDecorators, Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  DEFAULT_METRIC_RANGE,
  METRIC_RANGES,
  SHORT_HISTORY_METRIC_RANGE,
  type NetworkMetrics,
  type ServerMetrics,
} from '@outpost/contracts';
import { metricsQuerySchema, type MetricsQueryInput } from '@outpost/validation';
import type { Response } from 'express';
import { networkParam, RequirePermission, RouteAccess, type GrantedAccess } from '../../core/auth';
import { ApiRoute, ZodPipe } from '../../core/http';
import { RequirePremium } from '../plans';
import { serverParam, type ServerAccess } from '../servers';
import { networkMetricsCsv, serverMetricsCsv } from './metrics-csv';
import { isPremiumMetricsCall } from './metrics-premium';
import { MetricsService } from './metrics.service';

const SERVER_ID = '3c9a1f2e-5b6d-4e7f-8a9b-1c2d3e4f5a6b';
const NETWORK_ID = '0b6f3c1e-7f0a-4c55-9a57-3f3c9d1f2a10';
const stat = (min: number, avg: number, max: number) => ({ min, avg, max });

const SERVER_EXAMPLE: ServerMetrics = {
  serverId: SERVER_ID,
  range: '24h',
  from: '2026-11-22T12:00:00.000Z',
  to: '2026-11-23T12:00:00.000Z',
  resolutionSeconds: 60,
  points: [
    {
      at: '2026-11-23T11:58:00.000Z',
      players: stat(41, 42.5, 44),
      maxPlayers: 100,
      queued: null,
      fps: stat(58, 59.6, 61),
      entities: stat(120_400, 120_510, 120_630),
      memoryMb: stat(8100, 8123, 8150),
      networkIn: null,
      networkOut: null,
    },
  ],
  outages: [{ from: '2026-11-23T03:10:40.000Z', to: '2026-11-23T03:25:02.000Z' }],
  uptimePercent: 99,
  uptimeSince: '2026-11-22T12:00:00.000Z',
};

const NETWORK_EXAMPLE: NetworkMetrics = {
  networkId: NETWORK_ID,
  range: '24h',
  from: SERVER_EXAMPLE.from,
  to: SERVER_EXAMPLE.to,
  resolutionSeconds: 60,
  players: [{ at: '2026-11-23T11:58:00.000Z', players: 87.5, peak: 92 }],
  averagePlayers: 64,
  peakPlayers: 131,
  peakAt: '2026-11-22T20:14:00.000Z',
  onlineServers: 2,
  offlineServers: 1,
  servers: [
    {
      serverId: SERVER_ID,
      name: 'EU Main (Weekly)',
      status: 'online',
      uptimePercent: 99,
      uptimeSince: SERVER_EXAMPLE.uptimeSince,
      outages: SERVER_EXAMPLE.outages,
    },
  ],
};

const RangeDocs = (): MethodDecorator & ClassDecorator =>
  ApiQuery({
    name: 'range',
    required: false,
    enum: METRIC_RANGES,
    description: `How far back: 1h and 24h in one-minute buckets, 7d in five-minute, 30d hourly. 7d and 30d need the network's Premium plan. Without it a network reads ${DEFAULT_METRIC_RANGE}, and a server the range that fits its history: ${SHORT_HISTORY_METRIC_RANGE} while it has reported for less than a day, else ${DEFAULT_METRIC_RANGE} (the answer's range says which)`,
  });
const FormatDocs = (): MethodDecorator & ClassDecorator =>
  ApiQuery({
    name: 'format',
    required: false,
    enum: ['json', 'csv'],
    description:
      'csv: text/csv (a header row, one row per bucket) as an attachment, not wrapped in the envelope; ' +
      "needs the network's Premium plan",
  });

/**
 * The figures as asked: the JSON itself, or (format=csv) `toCsv`'s text as an attachment named
 * `name`, never cached.
 */
const answer = <T>(
  query: MetricsQueryInput,
  response: Response,
  metrics: T,
  toCsv: (metrics: T) => string,
  name: string,
): T | StreamableFile => {
  if (query.format !== 'csv') return metrics;
  response.setHeader('Cache-Control', 'no-store');
  return new StreamableFile(Buffer.from(toCsv(metrics), 'utf8'), {
    type: 'text/csv; charset=utf-8',
    disposition: `attachment; filename="${name}"`,
  });
};

/**
 * What both metrics routes share: beyond 24 hours, and any CSV export, the network's owner must be
 * on Premium; the range and format parameters, and JSON or CSV, in the OpenAPI document. Applied in
 * the order the decorators were once stacked (bottom first).
 */
const MetricsRoute = (): MethodDecorator =>
  applyDecorators(
    ApiProduces('application/json', 'text/csv'),
    FormatDocs(),
    RangeDocs(),
    RequirePremium('metricsHistory', { when: (request) => isPremiumMetricsCall(request.query) }),
  );

/**
 * Metrics history: everyone who sees the network reads it (network.view); outsiders get 404.
 * A Free network reads 1h and 24h; 7d, 30d and CSV answer 403 plan_required.
 */
@ApiTags('metrics')
@Controller('api')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get('servers/:id/metrics')
  @RequirePermission('network.view', { network: serverParam() })
  @MetricsRoute()
  @ApiRoute({
    summary:
      "A server's players, queue, FPS, entities, memory and traffic over a range (min/avg/max per bucket; " +
      'null where the source does not report a figure), its outages clipped to the range and its uptime %',
    ok: { example: SERVER_EXAMPLE },
    errors: [400, 404],
  })
  async server(
    @RouteAccess() { subject }: ServerAccess,
    @Query(new ZodPipe(metricsQuerySchema)) query: MetricsQueryInput,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ServerMetrics | StreamableFile> {
    const metrics = await this.metrics.server(subject, query.range);
    return answer(
      query,
      response,
      metrics,
      (m) => serverMetricsCsv(m.points),
      `metrics-${subject.id}-${metrics.range}.csv`,
    );
  }

  @Get('networks/:id/metrics')
  @RequirePermission('network.view', { network: networkParam() })
  @MetricsRoute()
  @ApiRoute({
    summary:
      "A network's players over a range (the sum of its servers' averages per bucket, and the real peak: the " +
      "largest sum of their maxima), online and offline servers, and each server's uptime % with its outages",
    ok: { example: NETWORK_EXAMPLE },
    errors: [400, 404],
  })
  async network(
    @RouteAccess() { networkId }: GrantedAccess,
    @Query(new ZodPipe(metricsQuerySchema)) query: MetricsQueryInput,
    @Res({ passthrough: true }) response: Response,
  ): Promise<NetworkMetrics | StreamableFile> {
    const range = query.range ?? DEFAULT_METRIC_RANGE;
    const metrics = await this.metrics.network(networkId, range);
    return answer(
      query,
      response,
      metrics,
      (m) => networkMetricsCsv(m.players),
      `network-metrics-${networkId}-${range}.csv`,
    );
  }
}
