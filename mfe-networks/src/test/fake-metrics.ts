// The metrics routes on top of the fake API: a spec seeds each server's and network's answer per
// range, and the routes answer them with the real API's rules (ranges, membership, the plan).
import {
  can,
  DEFAULT_METRIC_RANGE,
  type MetricPoint,
  type MetricRange,
  type NetworkMetrics,
  planRequiredMessage,
  type ServerMetrics,
} from '@outpost/contracts';
import type { FakeRequest } from '@outpost/testing';
import { metricsQuerySchema, validateRequest } from '@outpost/validation';
import { FakeApi } from './fake-api';

type FakeReply = { status: number; body: unknown };

const ok = (data: unknown): FakeReply => ({ status: 200, body: { success: true, data } });
const fail = (status: number, code: string, error: string, details?: unknown): FakeReply => ({
  status,
  body: { success: false, error, code, ...(details ? { details } : {}) },
});

/** A bucket of a plugin's report: players and capacity, FPS, entities and memory; no queue or traffic. */
export const metricPoint = (at: string, players: number, extra: Partial<MetricPoint> = {}): MetricPoint => ({
  at,
  players: { min: players, avg: players, max: players },
  maxPlayers: 50,
  queued: null,
  fps: { min: 58, avg: 60, max: 61 },
  entities: { min: 120_000, avg: 121_000, max: 122_000 },
  memoryMb: { min: 4_000, avg: 4_100, max: 4_200 },
  networkIn: null,
  networkOut: null,
  ...extra,
});

export class FakeMetricsApi extends FakeApi {
  serverMetrics = new Map<string, ServerMetrics>();
  networkMetrics = new Map<string, NetworkMetrics>();
  /** Ranges the networks' plan leaves out (403 plan_required), as on a free network. */
  premiumRanges = new Set<MetricRange>();
  /** A server's range when none is asked (the API's fits its history); the day when not set. */
  fittingRanges = new Map<string, MetricRange>();

  protected clear(): void {
    super.clear();
    this.fittingRanges?.clear();
    this.serverMetrics?.clear();
    this.networkMetrics?.clear();
    this.premiumRanges?.clear();
  }

  /** The answer for a server's range (`metrics.range` names it). */
  setServerMetrics(metrics: ServerMetrics): void {
    this.serverMetrics.set(`${metrics.serverId}:${metrics.range}`, metrics);
  }

  setNetworkMetrics(metrics: NetworkMetrics): void {
    this.networkMetrics.set(`${metrics.networkId}:${metrics.range}`, metrics);
  }

  private metricsReply(
    userId: string,
    networkId: string,
    query: URLSearchParams,
    found: (range: MetricRange) => unknown,
    unasked: MetricRange = DEFAULT_METRIC_RANGE,
  ): FakeReply {
    const role = this.roleOf(userId, networkId);
    if (!role || !can(role, 'network.view')) return fail(404, 'NOT_FOUND', 'Network not found');
    const checked = validateRequest(metricsQuerySchema, Object.fromEntries(query));
    if (!checked.success) return fail(400, 'VALIDATION_FAILED', checked.error, checked.details);
    const { range = unasked, format } = checked.data;
    if (this.premiumRanges.has(range))
      return fail(403, 'plan_required', planRequiredMessage('metricsHistory'));
    const data = found(range);
    if (format === 'csv') return ok(`at,players\r\n${JSON.stringify(data).length}`);
    return ok(data);
  }

  protected async answer(request: FakeRequest): Promise<FakeReply> {
    const { method, path, query, userId } = request;
    const server = /^\/api\/servers\/([^/]+)\/metrics$/.exec(path);
    const network = /^\/api\/networks\/([^/]+)\/metrics$/.exec(path);
    if (method !== 'GET' || (!server && !network)) return super.answer(request);
    const key = `${method} ${path.replace(/\/api\/(servers|networks)\/[^/]+/, '/api/$1/:id')}`;
    const failure = this.failures.get(key);
    if (failure) return failure;
    if (!userId) return fail(401, 'UNAUTHORIZED', 'Authentication required');
    if (server) {
      const stored = this.servers.find((s) => s.id === server[1]);
      if (!stored) return fail(404, 'NOT_FOUND', 'Server not found');
      return this.metricsReply(
        userId,
        stored.networkId,
        query,
        (range) => this.serverMetrics.get(`${stored.id}:${range}`) ?? emptyServerMetrics(stored.id, range),
        this.fittingRanges.get(stored.id),
      );
    }
    const networkId = network![1];
    return this.metricsReply(
      userId,
      networkId,
      query,
      (range) => this.networkMetrics.get(`${networkId}:${range}`) ?? emptyNetworkMetrics(networkId, range),
    );
  }
}

const NOW = '2026-01-05T12:00:00.000Z';
const FROM = '2026-01-04T12:00:00.000Z';

const emptyServerMetrics = (serverId: string, range: MetricRange): ServerMetrics => ({
  serverId,
  range,
  from: FROM,
  to: NOW,
  resolutionSeconds: 60,
  points: [],
  outages: [],
  uptimePercent: null,
  uptimeSince: null,
});

const emptyNetworkMetrics = (networkId: string, range: MetricRange): NetworkMetrics => ({
  networkId,
  range,
  from: FROM,
  to: NOW,
  resolutionSeconds: 60,
  players: [],
  averagePlayers: null,
  peakPlayers: null,
  peakAt: null,
  onlineServers: 0,
  offlineServers: 0,
  servers: [],
});
