import type { Network } from '@outpost/contracts';
import { Button, StatCard } from '@outpost/ui';
import { useGetNetworkMembersQuery } from '@outpost/api-cache';
import { NetworkMembers } from '../../../shared/components/network-members';
import { ROLE_LABELS } from '../../../shared/components/role-badge';
import { TabHeader } from '../../../shared/components/tab-header';
import { READ_ONLY_HINT, useReadOnly } from '../../../shared/hooks/use-read-only';
import { useGetNetworkInvitesQuery } from '../api/network-dashboard.api';
import { firstActiveInvite } from '../utils/active-invite';

export type MembersTabProps = { network: Network; onInvite: () => void };

/** Owner and admin only (the tab is hidden for members). */
export const MembersTab = ({ network, onInvite }: MembersTabProps) => {
  const { data: members, isLoading, isFetching, refetch } = useGetNetworkMembersQuery(network.id);
  const { data: invites } = useGetNetworkInvitesQuery(network.id);
  const readOnly = useReadOnly();
  const list = members ?? [];
  // The owner is the owner, shown as such: Admins counts those made admins.
  const admins = list.filter((member) => member.role === 'admin').length;

  return (
    <div className="net-tab">
      <TabHeader title="Members" onRefresh={() => void refetch()} refreshing={isFetching && !isLoading} />
      <div className="net-stats">
        <StatCard label="Total Members" value={members ? list.length : network.memberCount} />
        <StatCard label="Admins" value={admins} />
        <StatCard label="Your Role" value={ROLE_LABELS[network.role]} />
        <StatCard label="Active Invites" value={firstActiveInvite(invites) ? 1 : 0} />
      </div>
      <div className="net-page__actions">
        <Button onClick={onInvite} disabled={readOnly} title={readOnly ? READ_ONLY_HINT : undefined}>
          Invite Member
        </Button>
        <Button variant="secondary" disabled title="Coming soon">
          Manage Roles
        </Button>
      </div>
      <NetworkMembers network={network} />
    </div>
  );
};
