import type { Outage, ServerStatus } from '@outpost/contracts';

type Change = { status: ServerStatus; at: Date };

/**
 * A server's outages within [from, to] (clipped to it; `to` null while it is still offline) and the
 * share of that span it was online or starting, from its status changes: the last one before
 * `from` (its status then) and every one since, oldest first. The span starts at the server's
 * first report when that is later (`uptimeSince` says where it began); a server that had not
 * reported by `to` has no uptime (null).
 */
export const uptimeOf = (
  changes: readonly Change[],
  from: Date,
  to: Date,
): { outages: Outage[]; uptimePercent: number | null; uptimeSince: string | null } => {
  const end = to.getTime();
  const first = changes[0];
  if (!first || first.at.getTime() > end) return { outages: [], uptimePercent: null, uptimeSince: null };
  const start = Math.max(first.at.getTime(), from.getTime());
  const outages: { from: number; to: number }[] = [];
  let up = 0;
  changes.forEach((change, i) => {
    const segmentFrom = Math.max(change.at.getTime(), start);
    const segmentTo = Math.min(changes[i + 1]?.at.getTime() ?? end, end);
    if (segmentTo < segmentFrom) return;
    if (change.status !== 'offline') {
      up += segmentTo - segmentFrom;
      return;
    }
    const last = outages.at(-1);
    if (last && last.to === segmentFrom) last.to = segmentTo;
    else if (segmentTo > segmentFrom || i === changes.length - 1)
      outages.push({ from: segmentFrom, to: segmentTo });
  });
  const lastChange = changes.at(-1);
  const stillOffline = lastChange?.status === 'offline' && lastChange.at.getTime() <= end;
  const span = end - start;
  return {
    outages: outages.map((outage, i) => ({
      from: new Date(outage.from).toISOString(),
      to: stillOffline && i === outages.length - 1 ? null : new Date(outage.to).toISOString(),
    })),
    uptimePercent: span > 0 ? Math.round((up / span) * 1000) / 10 : 100,
    uptimeSince: new Date(start).toISOString(),
  };
};
