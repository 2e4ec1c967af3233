import type { Member } from '@outpost/contracts';
import { formatDate } from '@outpost/format';
import { Avatar, Badge, Button } from '@outpost/ui';
import { READ_ONLY_HINT } from '../hooks/use-read-only';
import { memberFacts } from '../utils/member-facts';
import { RoleBadge } from './role-badge';

export type MemberRowProps = {
  member: Member;
  isYou: boolean;
  /** Present when the viewer's role may manage this member (the demo's admin view included). */
  onManage?: (member: Member) => void;
  /** The demo: Manage shows, disabled, saying the demo is read-only. */
  readOnly?: boolean;
};

export const memberName = (member: Member): string => member.userName?.trim() || 'Anonymous User';

export const MemberRow = ({ member, isYou, onManage, readOnly = false }: MemberRowProps) => {
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
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Manage ${name}`}
          disabled={readOnly}
          title={readOnly ? READ_ONLY_HINT : undefined}
          onClick={() => onManage(member)}
        >
          Manage
        </Button>
      )}
    </li>
  );
};
