import type { Member } from '@outpost/contracts';
import { formatLastSeen } from '@outpost/format';

const ROLE_NAMES: Record<Member['role'], string> = {
  owner: 'Owner',
  admin: 'Admin',
  moderator: 'Moderator',
  member: 'Member',
};

/**
 * The line under a member's name: what the panel knows of them (role, when they were last
 * active, who invited them), never a phrase made up for them. When they joined is on the row.
 */
export const memberFacts = (
  member: Pick<Member, 'role' | 'lastActiveAt' | 'invitedBy'>,
  now: Date = new Date(),
): string => {
  const seen = member.lastActiveAt ? formatLastSeen(member.lastActiveAt, now) : null;
  return [
    ROLE_NAMES[member.role],
    seen === null ? 'not active yet' : `last active ${seen === 'Just now' ? 'just now' : seen}`,
    member.invitedBy && `invited by ${member.invitedBy.name}`,
  ]
    .filter(Boolean)
    .join(' · ');
};
