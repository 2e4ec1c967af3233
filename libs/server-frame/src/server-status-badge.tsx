import type { ServerStatus } from '@outpost/contracts';
import { Badge, type BadgeTone } from '@outpost/ui';

const STYLES: Record<ServerStatus, { tone: BadgeTone; label: string }> = {
  online: { tone: 'success', label: 'Online' },
  offline: { tone: 'danger', label: 'Offline' },
  starting: { tone: 'warning', label: 'Starting' },
};

export type ServerStatusBadgeProps = { status: string };

/** Spec section 4: a label with a style per status; an unknown status reads as it came. */
export const ServerStatusBadge = ({ status }: ServerStatusBadgeProps) => {
  const style = STYLES[status as ServerStatus] ?? { tone: 'info' as const, label: status };
  return (
    <Badge tone={style.tone} className={`sf-status sf-status--${status}`}>
      {style.label}
    </Badge>
  );
};
