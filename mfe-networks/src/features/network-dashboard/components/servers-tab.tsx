import { can, type Network, type Server } from '@outpost/contracts';
import { formatHealth, serverHealth } from '@outpost/format';
import { Button, EmptyState, ErrorState, Spinner, StatCard } from '@outpost/ui';
import { useState } from 'react';
import { TabHeader } from '../../../shared/components/tab-header';
import { READ_ONLY_HINT, useReadOnly } from '../../../shared/hooks/use-read-only';
import { errorMessage } from '../../../shared/utils/error-message';
import { useGetNetworkServersQuery } from '@outpost/api-cache';
import { DeleteServerDialog } from './delete-server-dialog';
import { ServerCard } from './server-card';

export type ServersTabProps = { network: Network; onAddServer: () => void };

export const ServersTab = ({ network, onAddServer }: ServersTabProps) => {
  const { data: servers, error, isLoading, isFetching, refetch } = useGetNetworkServersQuery(network.id);
  const [deleting, setDeleting] = useState<Server | null>(null);
  const readOnly = useReadOnly();
  // Owners and admins; the demo (an admin) sees their buttons disabled, saying why.
  const manages = can(network.role, 'servers.manage');
  const list = servers ?? [];
  const health = serverHealth(list);
  const players = list.reduce((total, server) => total + server.playerCount, 0);

  let content;
  if (isLoading) content = <Spinner label="Loading servers…" showLabel />;
  else if (error)
    content = (
      <ErrorState
        title="Failed to load servers"
        message={errorMessage(error, '')}
        onRetry={() => void refetch()}
      />
    );
  else if (list.length === 0)
    content = (
      <EmptyState
        title="No servers yet"
        message="Add a server, then connect it: the panel through WebRCON, or the Outpost bridge beside the game server with the token you get. No plugin is needed."
        action={
          manages && (
            <Button onClick={onAddServer} disabled={readOnly} title={readOnly ? READ_ONLY_HINT : undefined}>
              Add Server
            </Button>
          )
        }
      />
    );
  else
    content = (
      <ul className="net-grid" aria-label="Servers">
        {list.map((server) => (
          <li key={server.id}>
            <ServerCard server={server} onDelete={manages ? setDeleting : undefined} readOnly={readOnly} />
          </li>
        ))}
      </ul>
    );

  return (
    <div className="net-tab">
      <TabHeader title="Servers" onRefresh={() => void refetch()} refreshing={isFetching && !isLoading} />
      <div className="net-stats">
        <StatCard label="Servers" value={list.length} />
        <StatCard label="Players" value={players} />
        <StatCard label="Members" value={network.memberCount} />
        <StatCard
          label="Health %"
          value={formatHealth(health)}
          hint={health === null ? 'no server has reported yet' : undefined}
        />
      </div>
      {content}
      <DeleteServerDialog server={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
};
