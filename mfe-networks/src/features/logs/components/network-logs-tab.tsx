import { skipToken, useGetNetworkServersQuery } from '@outpost/api-cache';
import { useMemo } from 'react';
import { useGetNetworkLogsInfiniteQuery, type NetworkLogsArgs } from '../api/logs.api';
import { useLogFilterParams } from '../hooks/use-log-filter-params';
import { logFiltersOf } from '../utils/log-filters';
import { blockedReason, LogsPanel } from './logs-panel';

export type NetworkLogsTabProps = { networkId: string };

/** The network page's Logs tab: all its servers' timelines as one, each line naming its server. */
export const NetworkLogsTab = ({ networkId }: NetworkLogsTabProps) => {
  const [filters, change] = useLogFilterParams();
  const { data: servers = [] } = useGetNetworkServersQuery(networkId);
  const args = useMemo<NetworkLogsArgs>(
    () => ({ networkId, ...(filters.serverId && { serverId: filters.serverId }), ...logFiltersOf(filters) }),
    [networkId, filters],
  );
  const query = useGetNetworkLogsInfiniteQuery(blockedReason(filters) ? skipToken : args);
  return (
    <div className="net-tab">
      <h2>Logs</h2>
      <LogsPanel
        filters={filters}
        onChange={change}
        query={query}
        label="Network logs"
        networkId={networkId}
        servers={servers}
      />
    </div>
  );
};

export default NetworkLogsTab;
