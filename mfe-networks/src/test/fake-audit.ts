// The fake API's audit routes: a network's entries filtered and paged by an offset cursor, the
// CSV export (as a JSON string: the fake answers JSON), and Recent Activity by role.
import {
  AUDIT_PAGE_SIZE,
  can,
  memberViewOfAudit,
  type AuditEntry,
  type AuditListResponse,
  type Role,
} from '@outpost/contracts';

const matches = (entry: AuditEntry, query: URLSearchParams): boolean => {
  const serverId = query.get('serverId');
  if (
    serverId &&
    !(entry.targetType === 'server' && entry.targetId === serverId) &&
    entry.details.serverId !== serverId
  )
    return false;
  const actorId = query.get('actorId');
  if (actorId && entry.actorId !== actorId) return false;
  const actions = query.get('action')?.split(',');
  if (actions && !actions.includes(entry.action)) return false;
  const from = query.get('from');
  if (from && entry.createdAt < from) return false;
  const to = query.get('to');
  return !(to && entry.createdAt > to);
};

const newestFirst = (entries: readonly AuditEntry[], networkId: string, query: URLSearchParams) =>
  entries
    .filter((entry) => entry.networkId === networkId && matches(entry, query))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));

export const auditPage = (
  entries: readonly AuditEntry[],
  networkId: string,
  query: URLSearchParams,
): AuditListResponse => {
  const all = newestFirst(entries, networkId, query);
  const limit = Number(query.get('limit') ?? AUDIT_PAGE_SIZE);
  const start = Number(query.get('cursor') ?? 0);
  const page = all.slice(start, start + limit);
  const hasNextPage = start + limit < all.length;
  return {
    entries: page,
    totalCount: all.length,
    currentPage: Math.floor(start / limit) + 1,
    totalPages: Math.ceil(all.length / limit),
    hasNextPage,
    hasPreviousPage: start > 0,
    nextCursor: hasNextPage ? String(start + limit) : null,
  };
};

/** One line per entry: enough for a spec to see which rows an export holds. */
export const auditCsvOf = (
  entries: readonly AuditEntry[],
  networkId: string,
  query: URLSearchParams,
): string =>
  [
    'time,action,actor,target',
    ...newestFirst(entries, networkId, query).map(
      (e) => `${e.createdAt},${e.action},${e.actorName},${e.targetName}`,
    ),
  ].join('\r\n');

/** Every entry of the networks where the role has audit.view; elsewhere what members may see. */
export const activityOf = (entries: readonly AuditEntry[], roleOf: (networkId: string) => Role | null) =>
  [...entries]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .flatMap((entry) => {
      const role = entry.networkId ? roleOf(entry.networkId) : null;
      if (!role) return [];
      const view = can(role, 'audit.view') ? entry : memberViewOfAudit(entry);
      return view ? [view] : [];
    })
    .slice(0, 20);
