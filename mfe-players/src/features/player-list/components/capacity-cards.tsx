import type { Server } from '@outpost/contracts';
import { capacityStats, formatCount } from '@outpost/format';
import { StatCard } from '@outpost/ui';

export type CapacityCardsProps = { servers: readonly Server[] };

/** Online Players, Total Capacity, Capacity Usage and Average per Server, from the live servers. */
export const CapacityCards = ({ servers }: CapacityCardsProps) => {
  const stats = capacityStats(servers);
  return (
    <div className="pl-stats">
      <StatCard label="Online Players" value={formatCount(stats.onlinePlayers)} />
      <StatCard label="Total Capacity" value={formatCount(stats.totalCapacity)} />
      <StatCard label="Capacity Usage" value={`${stats.capacityUsage}%`} />
      <StatCard label="Average per Server" value={formatCount(stats.averagePerServer)} />
    </div>
  );
};
