import { RCON_REFUSED_RETRY_MINUTES, type ConnectionState, type ServerConnection } from '@outpost/contracts';
import { formatClockTime } from '@outpost/format';
import { Badge, type BadgeTone } from '@outpost/ui';

const STYLES: Record<ConnectionState, { tone: BadgeTone; label: string }> = {
  waiting: { tone: 'info', label: 'Waiting for its first report' },
  connecting: { tone: 'warning', label: 'Connecting' },
  connected: { tone: 'success', label: 'Connected' },
  unreachable: { tone: 'danger', label: 'Unreachable' },
  wrong_password: { tone: 'danger', label: 'Wrong password' },
};

/** The overview's heading for a server that never reported, by what its connection says. */
export const WAITING_TITLES: Record<ConnectionState, string> = {
  waiting: 'Waiting for the server',
  connecting: 'Connecting to the server',
  connected: 'Connected, waiting for its first report',
  unreachable: 'The server does not answer',
  wrong_password: 'The server refused the password',
};

const THROUGH = {
  panel: 'the panel’s RCON connection',
  bridge: 'outpost-bridge',
  plugin: 'the server’s plugin',
} as const;

const whose = { panel: 'the panel’s', bridge: 'the bridge’s', plugin: 'the plugin’s' } as const;

/** What the state means, in the person's local time. */
const sentenceOf = ({ via, state, since }: ServerConnection, manages: boolean): string | null => {
  const at = since ? ` at ${formatClockTime(since)}` : '';
  const from = since ? ` since ${formatClockTime(since)}` : '';
  switch (state) {
    case 'wrong_password':
      return via === 'bridge' && manages
        ? `The server refused the bridge’s password${at}. The bridge will not retry for ${RCON_REFUSED_RETRY_MINUTES} minutes: set the right RCON_PASSWORD where it runs and restart it.`
        : `The server refused ${via ? whose[via] : 'the'} password${at}.`;
    case 'unreachable':
      return `Unreachable${from}.`;
    case 'connecting':
      return `Connecting${from}.`;
    case 'connected':
      return `Connected${from}.`;
    default:
      return null;
  }
};

export type ConnectionStateViewProps = {
  connection: ServerConnection;
  /** Those who manage the server are told what to fix. */
  manages: boolean;
};

/**
 * How the server is connected, whichever way: the panel's RCON, the bridge or a plugin, its state
 * and since when, and why when it is not connected (with the RCON address for managers only: the
 * API leaves it out for the others).
 */
export const ConnectionStateView = ({ connection, manages }: ConnectionStateViewProps) => {
  const style = STYLES[connection.state];
  const sentence = sentenceOf(connection, manages);
  return (
    <div className="net-rcon-state" role="status" aria-label="Connection">
      <p className="net-rcon-state__line">
        <span className="net-muted">Connection</span> <Badge tone={style.tone}>{style.label}</Badge>
        {connection.via && (
          <span className="net-muted">
            {' '}
            through {THROUGH[connection.via]}
            {connection.via === 'bridge' && connection.bridgeVersion ? ` ${connection.bridgeVersion}` : ''}
          </span>
        )}
      </p>
      {sentence && <p className="net-muted">{sentence}</p>}
      {connection.detail && connection.state !== 'connected' && (
        <p className="net-muted">{connection.detail}</p>
      )}
    </div>
  );
};
