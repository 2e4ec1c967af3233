import type { FilterQuery } from '@mikro-orm/core';
import type { AuditCursor, AuditFilterInput } from '@outpost/validation';
import { AuditEntryRecord } from './audit-entry.entity';

export const NEWEST_FIRST = { createdAt: 'desc', id: 'desc' } as const;

/**
 * The audit log's filters as a query, always scoped by network.
 *
 * serverId: an entry is about a server when it targets it (server.*, console commands) or when
 * its details name it (moderation: {serverId}). Details are JSON kept in a text column written by
 * JSON.stringify, so `"serverId":"<id>"` appears verbatim; the id is validated to letters, digits
 * and dashes, so it carries no LIKE wildcard. The entries of a deleted server stay readable.
 */
export const auditWhere = (
  networkId: string,
  filters: AuditFilterInput,
  cursor?: AuditCursor,
): FilterQuery<AuditEntryRecord> => {
  const and: FilterQuery<AuditEntryRecord>[] = [{ networkId }];
  if (filters.serverId)
    and.push({
      $or: [
        { targetType: 'server', targetId: filters.serverId },
        { details: { $like: `%"serverId":"${filters.serverId}"%` } },
      ],
    });
  if (filters.actorId) and.push({ actorId: filters.actorId });
  if (filters.action) and.push({ action: { $in: filters.action } });
  if (filters.from) and.push({ createdAt: { $gte: filters.from } });
  if (filters.to) and.push({ createdAt: { $lte: filters.to } });
  if (cursor) and.push(olderThan(cursor));
  return { $and: and };
};

/** Entries after `cursor` in newest-first order: older, or as old with a smaller id. */
export const olderThan = ({ at, id }: AuditCursor): FilterQuery<AuditEntryRecord> => ({
  $or: [{ createdAt: { $lt: at } }, { createdAt: at, id: { $lt: id } }],
});

/** Entries before `cursor` in newest-first order (those of the pages already read). */
export const notOlderThan = ({ at, id }: AuditCursor): FilterQuery<AuditEntryRecord> => ({
  $or: [{ createdAt: { $gt: at } }, { createdAt: at, id: { $gte: id } }],
});
