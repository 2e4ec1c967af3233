import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import {
  DEFAULT_METRIC_RANGE,
  METRIC_RANGE_MS,
  METRIC_RESOLUTION_SECONDS,
  type MetricRange,
  type NetworkMetrics,
  type ServerMetrics,
  SHORT_HISTORY_METRIC_RANGE,
} from '@outpost/contracts';
import { GameServer, statusChangesSince, type StoredStatusChange } from '../servers';
import type { BucketSize } from './metric-buckets';
import { MetricsQuery } from './metrics-query';
import { uptimeOf } from './uptime';

const SIZE_OF: Readonly<Record<number, BucketSize>> = { 60: 'minute', 300: 'fiveMinutes', 3600: 'hour' };

const spanOf = (range: MetricRange, now: Date) => ({
  from: new Date(now.getTime() - METRIC_RANGE_MS[range]),
  to: now,
  resolutionSeconds: METRIC_RESOLUTION_SECONDS[range],
  size: SIZE_OF[METRIC_RESOLUTION_SECONDS[range]],
});

/** A server's and a network's figures over a range, with uptime and outages from the status history. */
@Injectable()
export class MetricsService {
  constructor(
    private readonly em: EntityManager,
    private readonly query: MetricsQuery,
  ) {}

  /** `range`: as asked, or (undefined) the one that fits the server's history (fittingRange). */
  async server(
    server: Pick<GameServer, 'id'>,
    asked: MetricRange | undefined,
    now = new Date(),
  ): Promise<ServerMetrics> {
    const range = asked ?? (await this.fittingRange(server.id, now));
    const { from, to, resolutionSeconds, size } = spanOf(range, now);
    const [points, changes] = await Promise.all([
      this.query.serverPoints(size, server.id, from, to),
      statusChangesSince(this.em.fork(), [server.id], from),
    ]);
    return {
      serverId: server.id,
      range,
      from: from.toISOString(),
      to: to.toISOString(),
      resolutionSeconds,
      points,
      ...uptimeOf(changes, from, to),
    };
  }

  /**
   * The last hour while the server has reported for less than a day (a day's chart of its first
   * minutes would be a sliver at the right edge), else the default day. Its history is its status
   * changes: one from before the day began means it reported then.
   */
  private async fittingRange(serverId: string, now: Date): Promise<MetricRange> {
    const dayAgo = new Date(now.getTime() - METRIC_RANGE_MS[DEFAULT_METRIC_RANGE]);
    const [first] = await statusChangesSince(this.em.fork(), [serverId], dayAgo);
    return first && first.at < dayAgo ? DEFAULT_METRIC_RANGE : SHORT_HISTORY_METRIC_RANGE;
  }

  async network(networkId: string, range: MetricRange, now = new Date()): Promise<NetworkMetrics> {
    const { from, to, resolutionSeconds, size } = spanOf(range, now);
    const servers = await this.em
      .fork()
      .find(
        GameServer,
        { networkId },
        { fields: ['id', 'name', 'status'], orderBy: { name: 'asc', id: 'asc' } },
      );
    const [players, changes] = await Promise.all([
      this.query.networkPlayers(size, networkId, from, to),
      statusChangesSince(
        this.em.fork(),
        servers.map((server) => server.id),
        from,
      ),
    ]);
    const byServer = new Map<string, StoredStatusChange[]>();
    for (const change of changes) {
      const list = byServer.get(change.serverId) ?? [];
      list.push(change);
      byServer.set(change.serverId, list);
    }
    let peak: (typeof players)[number] | null = null;
    for (const row of players) if (!peak || row.peak > peak.peak) peak = row;
    const online = servers.filter((server) => server.status !== 'offline').length;
    return {
      networkId,
      range,
      from: from.toISOString(),
      to: to.toISOString(),
      resolutionSeconds,
      players: players.map((row) => ({
        at: new Date(row.at).toISOString(),
        players: row.players,
        peak: row.peak,
      })),
      averagePlayers: players.length
        ? Math.round(players.reduce((sum, row) => sum + row.players, 0) / players.length)
        : null,
      peakPlayers: peak ? peak.peak : null,
      peakAt: peak ? new Date(peak.at).toISOString() : null,
      onlineServers: online,
      offlineServers: servers.length - online,
      servers: servers.map((server) => ({
        serverId: server.id,
        name: server.name,
        status: server.status,
        ...uptimeOf(byServer.get(server.id) ?? [], from, to),
      })),
    };
  }
}
