import { selectCurrentUser, useAppSelector } from '@outpost/api-client';
import { canManageMember, type Member, type Network } from '@outpost/contracts';
import { EmptyState, ErrorState, Spinner } from '@outpost/ui';
import { useState } from 'react';
import { useGetNetworkMembersQuery } from '@outpost/api-cache';
import { useReadOnly } from '../hooks/use-read-only';
import { errorMessage } from '../utils/error-message';
import { ManageMemberDialog } from './manage-member-dialog';
import { MemberRow } from './member-row';

export type NetworkMembersProps = { network: Pick<Network, 'id' | 'role'> };

/**
 * The network's members with their role badges (loading, error and empty states), and Manage
 * for each one the viewer may manage: the dashboard's Members tab and a server's Members area.
 */
export const NetworkMembers = ({ network }: NetworkMembersProps) => {
  const { data: members, error, isLoading, refetch } = useGetNetworkMembersQuery(network.id);
  const user = useAppSelector(selectCurrentUser);
  const readOnly = useReadOnly();
  const [managing, setManaging] = useState<Member | null>(null);
  const isYou = (member: Member) =>
    !!user && (member.userId === user.$id || member.userEmail.toLowerCase() === user.email.toLowerCase());

  if (isLoading) return <Spinner label="Loading members…" showLabel />;
  if (error)
    return (
      <ErrorState
        title="Failed to load members"
        message={errorMessage(error, 'Failed to load network members')}
        onRetry={() => void refetch()}
      />
    );
  if (!members?.length)
    return <EmptyState title="No members found" message="Invite members to join your network" />;
  return (
    <>
      <ul className="net-members" aria-label="Members">
        {members.map((member) => (
          <MemberRow
            key={member.id}
            member={member}
            isYou={isYou(member)}
            onManage={canManageMember(network.role, member.role) ? setManaging : undefined}
            readOnly={readOnly}
          />
        ))}
      </ul>
      <ManageMemberDialog
        networkId={network.id}
        role={network.role}
        member={managing}
        onClose={() => setManaging(null)}
      />
    </>
  );
};
