import { can, type Network, type Server } from '@outpost/contracts';
import { formatTimestamp } from '@outpost/format';
import { EmptyState } from '@outpost/ui';
import { ServerAreaPage } from '../../../shared/components/server-area-page';
import { useReadOnly } from '../../../shared/hooks/use-read-only';
import { AgentLine } from './agent-line';
import { BanCheckCard } from './ban-check-card';
import { ConnectServerPanel } from './connect-server-panel';
import { RconCard } from './rcon-card';
import { ReportsCard } from './reports-card';
import { RotateTokenCard } from './rotate-token-card';

export { SERVER_POLL_MS } from '../../../shared/components/server-area-page';

type ServerHomeProps = { server: Server; network: Network };

const ServerHome = ({ server, network }: ServerHomeProps) => {
  const readOnly = useReadOnly();
  const manages = !readOnly && can(network.role, 'servers.manage');
  // A server that never reported needs connecting first; the panel offers both ways to its managers.
  if (!server.lastSeenAt && manages) return <ConnectServerPanel server={server} />;
  return (
    <>
      <EmptyState
        title={server.status === 'online' ? 'Server is reporting' : 'Waiting for the server'}
        message={
          server.lastSeenAt
            ? `Last report ${formatTimestamp(server.lastSeenAt)}.`
            : 'Live figures appear after its first report, once an owner or admin connects it.'
        }
      />
      {manages && server.agent && <AgentLine agent={server.agent} lastSeenAt={server.lastSeenAt} />}
      {manages && <RconCard serverId={server.id} />}
      {can(network.role, 'reports.work') && <ReportsCard server={server} manages={manages} />}
      <BanCheckCard server={server} />
      {manages && <RotateTokenCard server={server} />}
    </>
  );
};

/** A server's home: /networks/:networkId/:serverId */
export default function ServerPage() {
  return <ServerAreaPage>{(context) => <ServerHome {...context} />}</ServerAreaPage>;
}
