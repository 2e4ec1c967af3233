import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { PublicStats } from '@outpost/contracts';
import { Network } from '../networks/network.entity';
import { GameServer } from '../servers/server.entity';

/** How long the public figures are reused: the landing page must not cost a query per visit. */
export const PUBLIC_STATS_TTL_MS = 30_000;

@Injectable()
export class StatsService {
  private cached: { at: number; stats: Promise<PublicStats> } | null = null;

  constructor(private readonly em: EntityManager) {}

  /** Aggregate numbers of this panel for the landing page, cached for PUBLIC_STATS_TTL_MS. */
  publicStats(now = Date.now()): Promise<PublicStats> {
    if (!this.cached || now - this.cached.at >= PUBLIC_STATS_TTL_MS) {
      const stats = this.compute();
      this.cached = { at: now, stats };
      // A failed computation is not kept: the next visitor tries again.
      stats.catch(() => (this.cached = null));
    }
    return this.cached.stats;
  }

  private async compute(): Promise<PublicStats> {
    const em = this.em.fork();
    const [networks, servers] = await Promise.all([
      em.count(Network, {}),
      em.find(GameServer, {}, { fields: ['status', 'playerCount'] }),
    ]);
    const online = servers.filter((server) => server.status === 'online');
    return {
      networks,
      servers: servers.length,
      onlineServers: online.length,
      onlinePlayers: online.reduce((sum, server) => sum + server.playerCount, 0),
      demo: null,
    };
  }
}
