import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { DashboardActivity, DashboardSummary } from '@outpost/contracts';
import type { DashboardActivityQueryInput } from '@outpost/validation';
import type { AuthUser } from '../../core/auth';
import { AuditService } from '../audit';
import { NetworkMember } from '../members';
import { GameServer } from '../servers';

@Injectable()
export class DashboardService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditService,
  ) {}

  /** The /dashboard cards, over every network the user belongs to. */
  async summary(user: AuthUser): Promise<DashboardSummary> {
    const memberships = await this.em.find(NetworkMember, { userId: user.id });
    const networkIds = memberships.map((membership) => membership.networkId);
    const servers = networkIds.length
      ? await this.em.find(
          GameServer,
          { networkId: { $in: networkIds } },
          { fields: ['status', 'playerCount'] },
        )
      : [];
    const online = servers.filter((server) => server.status === 'online');
    return {
      networks: networkIds.length,
      totalServers: servers.length,
      onlinePlayers: online.reduce((sum, server) => sum + server.playerCount, 0),
      serversOnline: online.length,
    };
  }

  /** Recent Activity: what each of the user's networks lets them see of its audit log. */
  async activity(user: AuthUser, query: DashboardActivityQueryInput): Promise<DashboardActivity> {
    return { entries: await this.audit.activity(user, query.limit) };
  }
}
