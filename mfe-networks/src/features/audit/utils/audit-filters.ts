import type { AuditAction, AuditEntry, AuditListResponse } from '@outpost/contracts';

/** What the filter bar holds: '' when a filter is not set; times as datetime-local values. */
export type AuditFilterState = { actorId: string; action: AuditAction | ''; from: string; to: string };

export const NO_AUDIT_FILTERS: AuditFilterState = { actorId: '', action: '', from: '', to: '' };

export const hasAuditFilters = (state: AuditFilterState): boolean =>
  Object.values(state).some((value) => value !== '');

/** The arguments of one audit log query (its cache key). */
export type AuditLogArgs = {
  networkId: string;
  serverId?: string;
  actorId?: string;
  action?: AuditAction;
  /** ISO times. */
  from?: string;
  to?: string;
};

/** A datetime-local value (the browser's local time) as an ISO time; undefined when it is not one. */
export const isoOf = (local: string): string | undefined => {
  if (!local) return undefined;
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
};

export const auditArgsOf = (
  networkId: string,
  serverId: string | undefined,
  state: AuditFilterState,
): AuditLogArgs => ({
  networkId,
  ...(serverId && { serverId }),
  ...(state.actorId && { actorId: state.actorId }),
  ...(state.action && { action: state.action }),
  ...(isoOf(state.from) && { from: isoOf(state.from) }),
  ...(isoOf(state.to) && { to: isoOf(state.to) }),
});

/** The query string of either route (the list adds cursor and limit). */
export const auditQueryParams = ({
  serverId,
  actorId,
  action,
  from,
  to,
}: Omit<AuditLogArgs, 'networkId'>) => ({
  serverId,
  actorId,
  action,
  from,
  to,
});

/** The pages read so far as one list, each entry once. */
export const auditEntriesOf = (pages: readonly AuditListResponse[]): AuditEntry[] => {
  const seen = new Set<string>();
  return pages.flatMap((page) => page.entries).filter((entry) => !seen.has(entry.id) && seen.add(entry.id));
};

/** The people who acted in these entries, by name: the actor filter's choices. */
export const actorsOf = (entries: readonly AuditEntry[], selected?: { id: string; name: string }) => {
  const actors = new Map(entries.map((entry) => [entry.actorId, entry.actorName || entry.actorId]));
  if (selected && !actors.has(selected.id)) actors.set(selected.id, selected.name);
  return [...actors].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
};
