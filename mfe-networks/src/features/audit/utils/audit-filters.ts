import { itemsOfPages } from '@outpost/api-cache';
import type { AuditAction, AuditEntry } from '@outpost/contracts';
import { fromLocalInput } from '@outpost/format';

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

export const auditArgsOf = (
  networkId: string,
  serverId: string | undefined,
  state: AuditFilterState,
): AuditLogArgs => {
  const from = fromLocalInput(state.from);
  const to = fromLocalInput(state.to);
  return {
    networkId,
    ...(serverId && { serverId }),
    ...(state.actorId && { actorId: state.actorId }),
    ...(state.action && { action: state.action }),
    ...(from && { from }),
    ...(to && { to }),
  };
};

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
export const auditEntriesOf = itemsOfPages('entries');

/** The people who acted in these entries, by name: the actor filter's choices. */
export const actorsOf = (entries: readonly AuditEntry[], selected?: { id: string; name: string }) => {
  const actors = new Map(entries.map((entry) => [entry.actorId, entry.actorName || entry.actorId]));
  if (selected && !actors.has(selected.id)) actors.set(selected.id, selected.name);
  return [...actors].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
};
