import { formatHealth, formatUptime, networkAnalytics } from '@outpost/format';
import { EmptyState, ErrorState, Spinner, StatCard } from '@outpost/ui';
import { errorMessage } from '../../../shared/utils/error-message';
import { useGetNetworkServersQuery } from '@outpost/api-cache';

export type AnalyticsTabProps = { networkId: string };

/** Spec section 9's figures, from the live server list. */
export const AnalyticsTab = ({ networkId }: AnalyticsTabProps) => {
  const { data: servers, error, isLoading, refetch } = useGetNetworkServersQuery(networkId);
  if (isLoading) return <Spinner label="Loading analytics…" showLabel />;
  if (error || !servers)
    return (
      <ErrorState
        title="Failed to load servers"
        message={errorMessage(error, '')}
        onRetry={() => void refetch()}
      />
    );
  const figures = networkAnalytics(servers);
  return (
    <div className="net-tab">
      <h2>Analytics</h2>
      <div className="net-stats">
        <StatCard label="Average Players" value={figures.averagePlayers} hint="per server" />
        <StatCard label="Peak Players" value={figures.peakPlayers} hint="largest server capacity" />
        <StatCard
          label="Server Uptime"
          value={formatHealth(figures.uptimePercent)}
          hint={
            figures.online > 0 ? `average ${formatUptime(figures.averageUptime)} running` : 'no server online'
          }
        />
        <StatCard label="Online Servers" value={figures.online} />
        <StatCard
          label="Offline Servers"
          value={figures.offline}
          hint={figures.waiting > 0 ? `${figures.waiting} waiting for a first report` : undefined}
        />
      </div>
      {servers.length === 0 && (
        <EmptyState title="No data yet" message="Figures appear once servers are added and report in." />
      )}
    </div>
  );
};
