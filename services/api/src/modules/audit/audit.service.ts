import { EntityManager, type FilterQuery } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import {
  AUDIT_EXPORT_MAX_ROWS,
  MEMBER_VISIBLE_AUDIT_ACTIONS,
  can,
  memberViewOfAudit,
  type AuditEntry,
  type AuditListResponse,
} from '@outpost/contracts';
import { encodeAuditCursor, type AuditFilterInput, type AuditQueryInput } from '@outpost/validation';
import type { AuthUser } from '../../core/auth';
import type { DomainEvent } from '../../core/events';
import { timeOrderedId } from './audit-id';
import { NetworkMember } from '../members';
import { GameServer } from '../servers';
import { AuditEntryRecord } from './audit-entry.entity';
import { auditWhere, NEWEST_FIRST, notOlderThan } from './audit-filter';

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
  constructor(private readonly em: EntityManager) {}

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

  /**
   * A page of a network's log, newest first: by offset (page) or by keyset (the previous page's
   * cursor). The counts are over the filtered entries, so both ways tell where the page stands.
   */
  async list(networkId: string, query: AuditQueryInput): Promise<AuditListResponse> {
    const { page, limit, cursor, ...filters } = query;
    const rows = await this.em.find(AuditEntryRecord, auditWhere(networkId, filters, cursor), {
      orderBy: NEWEST_FIRST,
      limit: limit + 1,
      offset: cursor ? 0 : ((page ?? 1) - 1) * limit,
    });
    const entries = rows.slice(0, limit);
    const last = entries.at(-1);
    const totalCount = await this.em.count(AuditEntryRecord, auditWhere(networkId, filters));
    const before = cursor
      ? await this.em.count(AuditEntryRecord, {
          $and: [auditWhere(networkId, filters), notOlderThan(cursor)],
        })
      : ((page ?? 1) - 1) * limit;
    const currentPage = Math.floor(before / limit) + 1;
    const hasNextPage = rows.length > limit;
    return {
      entries: entries.map(toAuditDto),
      totalCount,
      currentPage,
      totalPages: Math.ceil(totalCount / limit),
      hasNextPage,
      hasPreviousPage: before > 0,
      nextCursor: hasNextPage && last ? encodeAuditCursor({ at: last.createdAt, id: last.id }) : null,
    };
  }

  /**
   * The CSV export: the newest AUDIT_EXPORT_MAX_ROWS entries that match, whether more did, and the
   * network's server names (the details name servers by id).
   */
  async export(
    networkId: string,
    filters: AuditFilterInput,
  ): Promise<{ entries: AuditEntry[]; truncated: boolean; servers: Map<string, string> }> {
    const rows = await this.em.find(AuditEntryRecord, auditWhere(networkId, filters), {
      orderBy: NEWEST_FIRST,
      limit: AUDIT_EXPORT_MAX_ROWS + 1,
    });
    const servers = await this.em.find(GameServer, { networkId }, { fields: ['id', 'name'] });
    return {
      entries: rows.slice(0, AUDIT_EXPORT_MAX_ROWS).map(toAuditDto),
      truncated: rows.length > AUDIT_EXPORT_MAX_ROWS,
      servers: new Map(servers.map((server) => [server.id, server.name])),
    };
  }

  /**
   * Recent Activity: the newest entries of every network the user belongs to. Where their role
   * has audit.view they see the entries whole; elsewhere only moderation outcomes and servers
   * added or deleted, with the details the Punishments area shows every member (memberViewOfAudit).
   */
  async activity(user: AuthUser, limit: number): Promise<AuditEntry[]> {
    const memberships = await this.em.find(
      NetworkMember,
      { userId: user.id },
      { fields: ['networkId', 'role'] },
    );
    const staff = memberships.filter((m) => can(m.role, 'audit.view')).map((m) => m.networkId);
    const others = memberships.filter((m) => !can(m.role, 'audit.view')).map((m) => m.networkId);
    if (memberships.length === 0) return [];
    const where: FilterQuery<AuditEntryRecord>[] = [];
    if (staff.length) where.push({ networkId: { $in: staff } });
    if (others.length)
      where.push({ networkId: { $in: others }, action: { $in: [...MEMBER_VISIBLE_AUDIT_ACTIONS] } });
    const rows = await this.em.find(AuditEntryRecord, { $or: where }, { orderBy: NEWEST_FIRST, limit });
    const staffSet = new Set(staff);
    return rows.flatMap((row) => {
      const entry = toAuditDto(row);
      const view = row.networkId && staffSet.has(row.networkId) ? entry : memberViewOfAudit(entry);
      return view ? [view] : [];
    });
  }
}
