import { RCON_REFUSED_RETRY_MINUTES, type RconState, type RconStatus } from '@outpost/contracts';
import { formatClockTime, formatTimestamp } from '@outpost/format';
import { Badge, Button, type BadgeTone } from '@outpost/ui';
import { READ_ONLY_HINT } from '../../../shared/hooks/use-read-only';
import { errorMessage } from '../../../shared/utils/error-message';
import { useRetryRconMutation } from '../api/server.api';

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

/**
 * What the panel does after a refusal, in the person's local time: it does not dial the refused
 * password again (the game would refuse the panel's address after a few more) until the settings
 * change, Try again is pressed, or the wait has passed.
 */
export const refusalSentence = (refusedAt: string, now = new Date()): string =>
  `The server refused the password at ${formatClockTime(refusedAt, now)}. The panel will not retry until you change it, press Try again, or ${RCON_REFUSED_RETRY_MINUTES} minutes have passed.`;

type TryAgainProps = { serverId: string; readOnly: boolean };

/** Dials the refused password now (the person fixed it on the game server, say). */
const TryAgain = ({ serverId, readOnly }: TryAgainProps) => {
  const [retry, retrying] = useRetryRconMutation();
  return (
    <>
      <div className="net-rcon-form__actions">
        <Button
          type="button"
          variant="secondary"
          disabled={retrying.isLoading || readOnly}
          title={readOnly ? READ_ONLY_HINT : undefined}
          onClick={() => void retry(serverId)}
        >
          {retrying.isLoading ? 'Trying again...' : 'Try again'}
        </Button>
      </div>
      {retrying.error && (
        <p role="alert" className="net-form-error">
          {errorMessage(retrying.error, 'Failed to try again')}
        </p>
      )}
    </>
  );
};

export type RconStateViewProps = {
  status: Pick<RconStatus, 'host' | 'port' | 'state'> & Partial<RconStatus>;
  /** Given to those who may manage the server: a refusal then offers Try again. */
  serverId?: string;
  /** The demo: Try again shows, disabled, saying the demo is read-only. */
  readOnly?: boolean;
};

/** The panel's RCON connection: its state, what it means, and the last error when there is one. */
export const RconStateView = ({ status, serverId, readOnly = false }: RconStateViewProps) => {
  const style = STATES[status.state];
  const at = `${status.host}:${status.port}`;
  const refused = status.state === 'wrong_password' && status.refusedAt;
  return (
    <>
      <div className="net-rcon-state" role="status">
        <p className="net-rcon-state__line">
          <span className="net-muted">RCON state</span>{' '}
          <Badge tone={style?.tone ?? 'info'}>{style?.label ?? status.state}</Badge>{' '}
          <span className="net-mono">{at}</span>
        </p>
        {refused ? (
          <p className="net-muted">{refusalSentence(refused)}</p>
        ) : (
          style && <p className="net-muted">{style.meaning(at)}</p>
        )}
        {status.lastError && status.state !== 'connected' && (
          <p className="net-muted">Last error: {status.lastError}</p>
        )}
        {status.connectedAt && status.state === 'connected' && (
          <p className="net-muted">Connected since {formatTimestamp(status.connectedAt)}.</p>
        )}
      </div>
      {refused && serverId && <TryAgain serverId={serverId} readOnly={readOnly} />}
    </>
  );
};
