import { useClientConfig } from '@outpost/api-client';
import { formatCount } from '@outpost/format';
import { StatCard } from '@outpost/ui';
import { usePublicStats } from '../api/landing.api';

/**
 * Real aggregate numbers of this panel (public, cached), only when its operator allows it
 * (PUBLIC_STATS); a new panel says so plainly.
 */
export const StatCards = () => {
  const { publicStats } = useClientConfig();
  const { data, isLoading, isError } = usePublicStats(publicStats);
  if (!publicStats) return null;
  if (isLoading) return <section className="op-stats" aria-busy="true" aria-label="Panel statistics" />;
  const totals = data?.totals;
  if (isError || !totals) return null;
  // The figures leave the demo network out; its simulated servers may still be reporting.
  const demoServers = data.demo?.onlineServers ?? 0;
  if (totals.servers === 0)
    return (
      <section className="op-stats" aria-label="Panel statistics">
        <p className="op-stats__empty">
          {demoServers > 0
            ? `This panel is new: only the demo network's ${formatCount(demoServers)} simulated ${demoServers === 1 ? 'server reports' : 'servers report'} to it so far. Add yours to see its figures here.`
            : 'This panel is new: no servers report to it yet. Add yours to see it here.'}
        </p>
      </section>
    );
  return (
    <section className="op-stats" aria-label="Panel statistics">
      <StatCard
        label="Servers tracked"
        value={formatCount(totals.servers)}
        hint={`${formatCount(totals.onlineServers)} online`}
      />
      <StatCard label="Players tracked" value={formatCount(totals.players)} />
      <StatCard label="Networks" value={formatCount(totals.networks)} />
      <StatCard label="Players online now" value={formatCount(totals.onlinePlayers)} />
    </section>
  );
};
