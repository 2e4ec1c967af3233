import type { ConnectionState, ServerStatus } from '@outpost/contracts';
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
  /**
   * How its connection is, when known (GET /api/servers/{id}/connection): a server that never
   * reported but whose password was refused, or that does not answer, says so instead of waiting.
   */
  connection?: ConnectionState | null;
};

/** What a server that never reported says instead of waiting, by its connection's state. */
const BEFORE_FIRST_REPORT: Partial<Record<ConnectionState, { tone: BadgeTone; label: string }>> = {
  connecting: { tone: 'warning', label: 'Connecting' },
  unreachable: { tone: 'danger', label: 'Unreachable' },
  wrong_password: { tone: 'danger', label: 'Wrong password' },
};

export const WAITING_FOR_FIRST_REPORT = 'Waiting for its first report';

/** Spec section 4: a label with a style per status; an unknown status reads as it came. */
export const ServerStatusBadge = ({ status, lastSeenAt, connection }: ServerStatusBadgeProps) => {
  const said = lastSeenAt === null && connection ? BEFORE_FIRST_REPORT[connection] : undefined;
  if (said)
    return (
      <Badge tone={said.tone} className={`sf-status sf-status--${connection}`}>
        {said.label}
      </Badge>
    );
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
