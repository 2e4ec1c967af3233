import { formatCount } from '@outpost/format';
import { StatCard } from '@outpost/ui';
import { usePublicStats } from '../api/landing.api';

/** Real aggregate numbers of this panel (public, cached); a new panel says so plainly. */
export const StatCards = () => {
  const { data, isLoading, isError } = usePublicStats();
  if (isLoading) return <section className="op-stats" aria-busy="true" aria-label="Panel statistics" />;
  if (isError || !data) return null;
  // The figures leave the demo network out; its simulated servers may still be reporting.
  const demoServers = data.demo?.onlineServers ?? 0;
  if (data.servers === 0)
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
        value={formatCount(data.servers)}
        hint={`${formatCount(data.onlineServers)} online`}
      />
      <StatCard label="Players tracked" value={formatCount(data.players)} />
      <StatCard label="Networks" value={formatCount(data.networks)} />
      <StatCard label="Players online now" value={formatCount(data.onlinePlayers)} />
    </section>
  );
};
