import type { Role } from '@outpost/contracts';
import { Badge, type BadgeTone } from '@outpost/ui';

const TONES: Record<Role, BadgeTone> = { owner: 'warning', admin: 'accent', member: 'neutral' };
export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

type RoleBadgeProps = { role: Role };

export const RoleBadge = ({ role }: RoleBadgeProps) => <Badge tone={TONES[role]}>{ROLE_LABELS[role]}</Badge>;
