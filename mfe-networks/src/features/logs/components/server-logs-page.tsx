import { skipToken } from '@outpost/api-cache';
import { useMemo } from 'react';
import { ServerAreaPage } from '../../../shared/components/server-area-page';
import { useGetServerLogsInfiniteQuery, type ServerLogsArgs } from '../api/logs.api';
import { useLogFilterParams } from '../hooks/use-log-filter-params';
import { logFiltersOf } from '../utils/log-filters';
import { blockedReason, LogsPanel } from './logs-panel';

export type ServerLogsProps = { networkId: string; serverId: string };

/** Everything one server reported, newest first, filtered by the address's filters. */
export const ServerLogs = ({ networkId, serverId }: ServerLogsProps) => {
  const [filters, change] = useLogFilterParams();
  const args = useMemo<ServerLogsArgs>(() => ({ serverId, ...logFiltersOf(filters) }), [serverId, filters]);
  const query = useGetServerLogsInfiniteQuery(blockedReason(filters) ? skipToken : args);
  return (
    <LogsPanel filters={filters} onChange={change} query={query} label="Server logs" networkId={networkId} />
  );
};

/** /networks/:networkId/:serverId/logs: every member reads the server's timeline. */
export default function ServerLogsPage() {
  return (
    <ServerAreaPage>
      {({ server, network }) => <ServerLogs networkId={network.id} serverId={server.id} />}
    </ServerAreaPage>
  );
}
