import type { Member } from '@outpost/contracts';
import { formatDate } from '@outpost/format';
import { Avatar, Badge, Button } from '@outpost/ui';
import { memberFacts } from '../utils/member-facts';
import { RoleBadge } from './role-badge';

export type MemberRowProps = {
  member: Member;
  isYou: boolean;
  /** Present when the viewer may manage this member. */
  onManage?: (member: Member) => void;
};

export const memberName = (member: Member): string => member.userName?.trim() || 'Anonymous User';

export const MemberRow = ({ member, isYou, onManage }: MemberRowProps) => {
  const name = memberName(member);
  return (
    <li className="net-member">
      <Avatar name={member.userName} email={member.userEmail} />
      <div className="net-member__text">
        <p className="net-member__name">
          <strong>{name}</strong>
          {isYou && <Badge tone="info">You</Badge>}
        </p>
        <p className="net-muted">{memberFacts(member)}</p>
      </div>
      <RoleBadge role={member.role} />
      <span className="net-muted net-member__joined">Joined {formatDate(member.joinedAt)}</span>
      {onManage && (
        <Button variant="secondary" size="sm" aria-label={`Manage ${name}`} onClick={() => onManage(member)}>
          Manage
        </Button>
      )}
    </li>
  );
};
