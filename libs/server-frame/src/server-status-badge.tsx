import type { ServerStatus } from '@outpost/contracts';
import { Badge, type BadgeTone } from '@outpost/ui';

const STYLES: Record<ServerStatus, { tone: BadgeTone; label: string }> = {
  online: { tone: 'success', label: 'Online' },
  offline: { tone: 'danger', label: 'Offline' },
  starting: { tone: 'warning', label: 'Starting' },
};

export type ServerStatusBadgeProps = {
  status: string;
  /** When the server last reported; null when it never did (it is not offline: it never came). */
  lastSeenAt?: string | null;
};

export const WAITING_FOR_FIRST_REPORT = 'Waiting for its first report';

/** Spec section 4: a label with a style per status; an unknown status reads as it came. */
export const ServerStatusBadge = ({ status, lastSeenAt }: ServerStatusBadgeProps) => {
  if (lastSeenAt === null)
    return (
      <Badge tone="info" className="sf-status sf-status--waiting">
        {WAITING_FOR_FIRST_REPORT}
      </Badge>
    );
  const style = STYLES[status as ServerStatus] ?? { tone: 'info' as const, label: status };
  return (
    <Badge tone={style.tone} className={`sf-status sf-status--${status}`}>
      {style.label}
    </Badge>
  );
};
