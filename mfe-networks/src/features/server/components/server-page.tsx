import { can, type Network, type Server, type ServerConnection } from '@outpost/contracts';
import { formatTimestamp } from '@outpost/format';
import { useParams } from '@outpost/router';
import { EmptyState } from '@outpost/ui';
import { ServerAreaPage } from '../../../shared/components/server-area-page';
import { useReadOnly } from '../../../shared/hooks/use-read-only';
import { useServerConnection } from '../api/server.api';
import { AgentLine } from './agent-line';
import { BanCheckCard } from './ban-check-card';
import { ConnectServerPanel } from './connect-server-panel';
import { ConnectionStateView, WAITING_TITLES } from './connection-state';
import { RconCard } from './rcon-card';
import { ReportsCard } from './reports-card';
import { RotateTokenCard } from './rotate-token-card';

export { SERVER_POLL_MS } from '../../../shared/components/server-area-page';

type ServerHomeProps = { server: Server; network: Network; connection: ServerConnection | undefined };

const ServerHome = ({ server, network, connection }: ServerHomeProps) => {
  const readOnly = useReadOnly();
  // Owners and admins look after the server. The demo (an admin) sees their RCON card and token
  // rotation read-only, their buttons disabled with the reason, and none of their secrets: the
  // connect panel (a new token), the agent's address and the reports key stay with `manages`.
  const staff = can(network.role, 'servers.manage');
  const manages = staff && !readOnly;
  const said = connection && connection.state !== 'waiting' ? connection : null;
  // Managers read the panel's own connection in its RCON form, with Try again.
  const state = said && !(staff && said.via === 'panel') && (
    <ConnectionStateView connection={said} manages={manages} />
  );
  // A server that never reported needs connecting first; the panel offers both ways to its managers.
  if (!server.lastSeenAt && manages)
    return (
      <>
        {state}
        <ConnectServerPanel server={server} />
      </>
    );
  return (
    <>
      <EmptyState
        title={
          server.status === 'online'
            ? 'Server is reporting'
            : !server.lastSeenAt && said
              ? WAITING_TITLES[said.state]
              : 'Waiting for the server'
        }
        message={
          server.lastSeenAt
            ? `Last report ${formatTimestamp(server.lastSeenAt)}.`
            : 'Live figures appear after its first report, once an owner or admin connects it.'
        }
      />
      {state}
      {manages && server.agent && <AgentLine agent={server.agent} lastSeenAt={server.lastSeenAt} />}
      {staff && <RconCard serverId={server.id} readOnly={readOnly} />}
      {can(network.role, 'reports.work') && <ReportsCard server={server} manages={manages} />}
      <BanCheckCard server={server} via={connection?.via ?? null} />
      {staff && <RotateTokenCard server={server} readOnly={readOnly} />}
    </>
  );
};

/** A server's home: /networks/:networkId/:serverId */
export default function ServerPage() {
  const { serverId = '' } = useParams();
  const connection = useServerConnection(serverId).data;
  return (
    <ServerAreaPage connection={connection?.state}>
      {(context) => <ServerHome {...context} connection={connection} />}
    </ServerAreaPage>
  );
}
