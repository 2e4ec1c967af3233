import type { Network, Server } from '@outpost/contracts';
import { useGetNetworkMembersQuery } from '@outpost/api-cache';
import { Button } from '@outpost/ui';
import { NetworkMembers } from '../../../shared/components/network-members';
import { ServerAreaPage } from '../../../shared/components/server-area-page';
import { PermissionMatrix } from './permission-matrix';

export type ServerMembersProps = { network: Network; server: Server };

/**
 * Who can act on this server (the network's members: a role holds on all its servers) and what
 * each role may do, with the network's Manage actions for those allowed.
 */
export const ServerMembers = ({ network, server }: ServerMembersProps) => {
  const { isLoading, isFetching, refetch } = useGetNetworkMembersQuery(network.id);
  return (
    <div className="net-tab">
      {/* The server frame already heads the area "Members": only the Refresh button here. */}
      <div className="net-tab__header">
        <p className="net-muted">
          Everyone in {network.name} can act on {server.name} as their role allows: a role holds on every
          server of the network.
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void refetch()}
          busy={isFetching && !isLoading}
          busyLabel="Refreshing..."
        >
          Refresh
        </Button>
      </div>
      <NetworkMembers network={network} />
      <PermissionMatrix />
    </div>
  );
};

/** /networks/:networkId/:serverId/members: owners and admins (members.view). */
export default function ServerMembersPage() {
  return (
    <ServerAreaPage>
      {({ server, network }) => <ServerMembers network={network} server={server} />}
    </ServerAreaPage>
  );
}
