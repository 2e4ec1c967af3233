import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { AuditEntry, AuditListResponse } from '@outpost/contracts';
import type { AuditQueryInput } from '@outpost/validation';
import { AccessService } from '../../core/access';
import type { AuthUser } from '../../core/auth';
import type { DomainEvent } from '../../core/events';
import { timeOrderedId } from './audit-id';
import { AuditEntryRecord } from './audit-entry.entity';

const NEWEST_FIRST = { createdAt: 'desc', id: 'desc' } as const;

export const toAuditDto = (entry: AuditEntryRecord): AuditEntry => ({
  id: entry.id,
  action: entry.action,
  networkId: entry.networkId,
  networkName: entry.networkName,
  actorId: entry.actorId,
  actorName: entry.actorName,
  targetType: entry.targetType,
  targetId: entry.targetId,
  targetName: entry.targetName,
  details: entry.details,
  createdAt: entry.createdAt.toISOString(),
});

@Injectable()
export class AuditService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: AccessService,
  ) {}

  /** One entry per domain event. The network's own deletion is kept without its (gone) network id. */
  async record(event: DomainEvent): Promise<AuditEntry> {
    const em = this.em.fork();
    const record = em.create(AuditEntryRecord, {
      id: timeOrderedId(event.at.getTime()),
      networkId: event.action === 'network.deleted' ? null : event.networkId,
      networkName: event.networkName,
      action: event.action,
      actorId: event.actor.id,
      actorName: event.actor.name,
      targetType: event.target.type,
      targetId: event.target.id,
      targetName: event.target.name,
      details: event.details,
      createdAt: event.at,
    });
    await em.flush();
    return toAuditDto(record);
  }

  async list(user: AuthUser, networkId: string, query: AuditQueryInput): Promise<AuditListResponse> {
    await this.access.require(user, 'audit.view', networkId);
    const { page, limit } = query;
    const [entries, totalCount] = await this.em.findAndCount(
      AuditEntryRecord,
      { networkId },
      { orderBy: NEWEST_FIRST, limit, offset: (page - 1) * limit },
    );
    const totalPages = Math.ceil(totalCount / limit);
    return {
      entries: entries.map(toAuditDto),
      totalCount,
      currentPage: page,
      totalPages,
      hasNextPage: page < totalPages,
      hasPreviousPage: page > 1,
    };
  }

  /** The newest entries across several networks (the dashboard's Recent Activity). */
  async recent(networkIds: string[], limit: number): Promise<AuditEntry[]> {
    if (networkIds.length === 0) return [];
    const entries = await this.em.find(
      AuditEntryRecord,
      { networkId: { $in: networkIds } },
      { orderBy: NEWEST_FIRST, limit },
    );
    return entries.map(toAuditDto);
  }
}
