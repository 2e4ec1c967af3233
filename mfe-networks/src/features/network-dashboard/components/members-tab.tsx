import { canManageMember, type Member, type Network } from '@outpost/contracts';
import { selectCurrentUser, useAppSelector } from '@outpost/api-client';
import { Button, EmptyState, ErrorState, Spinner, StatCard } from '@outpost/ui';
import { useState } from 'react';
import { ROLE_LABELS } from '../../../shared/components/role-badge';
import { TabHeader } from '../../../shared/components/tab-header';
import { useReadOnly } from '../../../shared/hooks/use-read-only';
import { errorMessage } from '../../../shared/utils/error-message';
import { useGetNetworkInvitesQuery, useGetNetworkMembersQuery } from '../api/network-dashboard.api';
import { firstActiveInvite } from '../utils/active-invite';
import { ManageMemberDialog } from './manage-member-dialog';
import { MemberRow } from './member-row';

export type MembersTabProps = { network: Network; onInvite: () => void };

/** Owner and admin only (the tab is hidden for members). */
export const MembersTab = ({ network, onInvite }: MembersTabProps) => {
  const { data: members, error, isLoading, isFetching, refetch } = useGetNetworkMembersQuery(network.id);
  const { data: invites } = useGetNetworkInvitesQuery(network.id);
  const user = useAppSelector(selectCurrentUser);
  const readOnly = useReadOnly();
  const [managing, setManaging] = useState<Member | null>(null);
  const list = members ?? [];
  const admins = list.filter((member) => member.role === 'owner' || member.role === 'admin').length;
  const isYou = (member: Member) =>
    !!user && (member.userId === user.$id || member.userEmail.toLowerCase() === user.email.toLowerCase());

  let content;
  if (isLoading) content = <Spinner label="Loading members…" showLabel />;
  else if (error)
    content = (
      <ErrorState
        title="Failed to load members"
        message={errorMessage(error, 'Failed to load network members')}
        onRetry={() => void refetch()}
      />
    );
  else if (list.length === 0)
    content = <EmptyState title="No members found" message="Invite members to join your network" />;
  else
    content = (
      <ul className="net-members" aria-label="Members">
        {list.map((member) => (
          <MemberRow
            key={member.id}
            member={member}
            isYou={isYou(member)}
            onManage={!readOnly && canManageMember(network.role, member.role) ? setManaging : undefined}
          />
        ))}
      </ul>
    );

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
        <Button onClick={onInvite} disabled={readOnly}>
          Invite Member
        </Button>
        <Button variant="secondary" disabled title="Coming soon">
          Manage Roles
        </Button>
      </div>
      {content}
      <ManageMemberDialog
        networkId={network.id}
        role={network.role}
        member={managing}
        onClose={() => setManaging(null)}
      />
    </div>
  );
};
