import type { Network, Server } from '@outpost/contracts';
import { useGetNetworkMembersQuery } from '@outpost/api-cache';
import { NetworkMembers } from '../../../shared/components/network-members';
import { ServerAreaPage } from '../../../shared/components/server-area-page';
import { TabHeader } from '../../../shared/components/tab-header';
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
      <TabHeader title="Members" onRefresh={() => void refetch()} refreshing={isFetching && !isLoading} />
      <p className="net-muted">
        Everyone in {network.name} can act on {server.name} as their role allows: a role holds on every server
        of the network.
      </p>
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
