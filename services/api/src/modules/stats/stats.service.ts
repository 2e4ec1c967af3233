import { EntityManager } from '@mikro-orm/core';
import { Inject, Injectable } from '@nestjs/common';
import type { PublicStats, PublicTotals } from '@outpost/contracts';
import { APP_CONFIG, type AppConfig } from '../../core/config';
import { sqlEm } from '../../core/database';
import { findDemoNetwork } from '../demo';
import { Network } from '../tenancy';
import { GameServer } from '../servers';

type Figures = Pick<GameServer, 'status' | 'playerCount'>;

const online = (list: Figures[]) => list.filter((server) => server.status === 'online');
const playersOnline = (list: Figures[]) => online(list).reduce((sum, server) => sum + server.playerCount, 0);

/** How long the public figures are reused: the landing page must not cost a query per visit. */
export const PUBLIC_STATS_TTL_MS = 30_000;

@Injectable()
export class StatsService {
  private cached: { at: number; stats: Promise<PublicStats> } | null = null;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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
    // The demo network is reported on its own, not counted among the panel's real networks.
    const demoId = this.config.demo ? ((await findDemoNetwork(em))?.id ?? null) : null;
    const [totals, demo] = await Promise.all([
      this.config.publicStats ? this.totals(em, demoId) : null,
      demoId ? em.find(GameServer, { networkId: demoId }, { fields: ['status', 'playerCount'] }) : null,
    ]);
    return {
      totals,
      demo: demo && { onlineServers: online(demo).length, onlinePlayers: playersOnline(demo) },
    };
  }

  /** Shown only when the operator allows it (PUBLIC_STATS): not even counted otherwise. */
  private async totals(em: EntityManager, demoId: string | null): Promise<PublicTotals> {
    const tracked = sqlEm(em).getKnex()('networks').sum({ total: 'player_count' });
    if (demoId) void tracked.whereNot('id', demoId);
    const [networks, servers, [players]] = await Promise.all([
      em.count(Network, demoId ? { id: { $ne: demoId } } : {}),
      em.find(GameServer, demoId ? { networkId: { $ne: demoId } } : {}, {
        fields: ['status', 'playerCount'],
      }),
      // Each network keeps its players' count as they arrive: no scan of the players table.
      tracked as Promise<{ total: string | number | null }[]>,
    ]);
    return {
      networks,
      servers: servers.length,
      onlineServers: online(servers).length,
      players: Number(players?.total ?? 0),
      onlinePlayers: playersOnline(servers),
    };
  }
}
