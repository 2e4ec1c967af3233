import type { RconState, RconStatus } from '@outpost/contracts';
import { formatTimestamp } from '@outpost/format';
import { Badge, type BadgeTone } from '@outpost/ui';

const STATES: Record<RconState, { tone: BadgeTone; label: string; meaning: (at: string) => string }> = {
  connecting: {
    tone: 'warning',
    label: 'Connecting',
    meaning: (at) => `The panel is reaching ${at}. This page checks again every few seconds.`,
  },
  connected: {
    tone: 'success',
    label: 'Connected',
    meaning: () => 'The panel reads the server’s players and runs its commands over RCON.',
  },
  unreachable: {
    tone: 'danger',
    label: 'Unreachable',
    meaning: (at) =>
      `Nothing answered at ${at}. Check that the server runs with +rcon.web 1 and this port, and that a firewall lets the panel’s host in. The panel keeps trying.`,
  },
  wrong_password: {
    tone: 'danger',
    label: 'Wrong password',
    meaning: () => 'The server refused the password. Save the one set with +rcon.password.',
  },
};

export type RconStateViewProps = {
  status: Pick<RconStatus, 'host' | 'port' | 'state'> & Partial<RconStatus>;
};

/** The panel's RCON connection: its state, what it means, and the last error when there is one. */
export const RconStateView = ({ status }: RconStateViewProps) => {
  const style = STATES[status.state];
  const at = `${status.host}:${status.port}`;
  return (
    <div className="net-rcon-state" role="status">
      <p className="net-rcon-state__line">
        <span className="net-muted">RCON state</span>{' '}
        <Badge tone={style?.tone ?? 'info'}>{style?.label ?? status.state}</Badge>{' '}
        <span className="net-mono">{at}</span>
      </p>
      {style && <p className="net-muted">{style.meaning(at)}</p>}
      {status.lastError && status.state !== 'connected' && (
        <p className="net-muted">Last error: {status.lastError}</p>
      )}
      {status.connectedAt && status.state === 'connected' && (
        <p className="net-muted">Connected since {formatTimestamp(status.connectedAt)}.</p>
      )}
    </div>
  );
};
