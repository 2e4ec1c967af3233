import type { Role } from '@outpost/contracts';
import { Badge, type BadgeTone } from '@outpost/ui';

const TONES: Record<Role, BadgeTone> = {
  owner: 'warning',
  admin: 'accent',
  moderator: 'info',
  member: 'neutral',
};
export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  moderator: 'Moderator',
  member: 'Member',
};

type RoleBadgeProps = { role: Role };

export const RoleBadge = ({ role }: RoleBadgeProps) => <Badge tone={TONES[role]}>{ROLE_LABELS[role]}</Badge>;
