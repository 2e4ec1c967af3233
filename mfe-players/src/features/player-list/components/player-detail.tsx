import {
  DEMO_READ_ONLY_MESSAGE,
  paths,
  type BanScope,
  type Player,
  type PlayerAction,
  type Server,
} from '@outpost/contracts';
import { formatCount, formatDate, formatKd, formatLastSeen, formatPlaytime } from '@outpost/format';
import { Button, useToast } from '@outpost/ui';
import { useId, useState } from 'react';
import { Link } from '@outpost/router';
import { PlayerIdentity } from '../../../shared/components/player-identity';
import { apiErrorText } from '../../../shared/utils/api-error';
import { banLabel } from '../../../shared/utils/time-left';
import { useModeratePlayerMutation } from '../../../shared/api/moderation.api';
import { CommandOutcome, type SentCommand } from '../../../shared/components/command-outcome';
import { sentToText } from '../../../shared/utils/command-outcome';
import { UnbanDialog } from './unban-dialog';
import {
  PlayerActionDialog,
  playerActionRequest,
  type PlayerActionValues,
} from '../../../shared/components/player-action-dialog';

export const VIEW_ONLY_MESSAGE = 'Player information is view-only. Contact an admin for player actions.';

/**
 * What the success toast says: the command is queued for the chosen server and carried out with
 * its next call, so a kick or warn is "sent", not done (or queued, while that server is offline); a
 * ban holds on the network at once.
 */
const SENT: Record<
  PlayerAction | 'unban',
  (player: string, server: string, scope: BanScope, offline: boolean) => string
> = {
  kick: (player, server, _scope, offline) =>
    `Kick of ${player} ${sentToText(server, offline ? 'offline' : undefined)}.`,
  warn: (player, server, _scope, offline) =>
    `Warning for ${player} ${sentToText(server, offline ? 'offline' : undefined)}.`,
  ban: (player, server, scope, offline) => {
    const banned =
      scope === 'server' ? `${player} was banned from ${server}` : `${player} was banned from the network`;
    if (offline) return `${banned}; the ban is queued for ${server}, which is offline.`;
    return scope === 'server'
      ? `${banned}; the ban was sent there.`
      : `${banned}; the ban was sent to ${server}.`;
  },
  unban: (player, server, _scope, offline) =>
    offline
      ? `${player} was unbanned; the unban is queued for ${server}, which is offline, and was sent to every other server that held the ban.`
      : `${player} was unbanned; the unban was sent to ${server} and to every server that held the ban.`,
};

export type PlayerDetailProps = {
  networkId: string;
  player: Player;
  servers: readonly Server[];
  /** The server page's server; the network tab has none. */
  serverId?: string;
  /** The admin-actions flag (spec section 6). */
  canModerate: boolean;
  /** The demo: the actions show, disabled, saying the demo is read-only (the API refuses them too). */
  readOnly?: boolean;
  /** The last command sent for this player from the list, still followed (the table shows it too). */
  followed?: SentCommand | null;
  /** An action dialog to open at once (a link that asked for it); only for those who moderate. */
  initialAction?: PlayerAction | null;
  onSent?: (sent: SentCommand) => void;
  onBack: () => void;
};

const Fact = ({ label, value }: { label: string; value: string }) => (
  <div>
    <dt>{label}</dt>
    <dd>{value}</dd>
  </div>
);

/** A player's detail inside the list: facts, the profile link, and kick/warn/ban for admins. */
export const PlayerDetail = ({
  networkId,
  player,
  servers,
  serverId,
  canModerate,
  readOnly = false,
  followed = null,
  initialAction = null,
  onSent,
  onBack,
}: PlayerDetailProps) => {
  const [dialog, setDialog] = useState<PlayerAction | null>(canModerate && !readOnly ? initialAction : null);
  /** Unban's own dialog: a reason, then a confirmation. */
  const [unbanning, setUnbanning] = useState(false);
  /** The last command sent from here: the dialog, then the detail, follow it to its outcome. */
  const [sent, setSent] = useState<SentCommand | null>(followed);
  const [moderate, { isLoading }] = useModeratePlayerMutation();
  const toast = useToast();
  const defaultServerId = player.serverId ?? serverId ?? servers[0]?.id ?? '';
  const inGame = player.currentServer !== null;
  const readOnlyTitle = readOnly ? DEMO_READ_ONLY_MESSAGE : undefined;
  const offlineHintId = useId();

  const run = async (action: PlayerAction | 'unban', values: Omit<PlayerActionValues, 'action'>) => {
    const body =
      action === 'unban'
        ? { serverId: values.serverId, reason: values.reason }
        : playerActionRequest({ action, ...values });
    try {
      const { punishment, commandId } = await moderate({ steamId: player.steamId, action, body }).unwrap();
      const server = punishment.serverName ?? 'the game server';
      const offline = servers.find((found) => found.id === values.serverId)?.status === 'offline';
      toast.show({
        tone: 'success',
        message: SENT[action](player.displayName, server, values.scope, offline),
      });
      setUnbanning(false);
      // The dialog stays to say what became of it (issue 25: the outcome reaches who gave it).
      setSent({ serverId: values.serverId, commandId });
      onSent?.({ serverId: values.serverId, commandId });
    } catch (error) {
      // Spec section 8: player action failures are only logged (and told in a toast, not a dialog).
      console.error(`Player ${action} failed`, error);
      toast.show({
        tone: 'danger',
        message: apiErrorText(error, `Failed to ${action} ${player.displayName}`),
      });
      // Spec section 4: the dialog closes after an action that was refused.
      setDialog(null);
      setUnbanning(false);
    }
  };

  const open = (action: PlayerAction) => {
    setSent(null);
    setDialog(action);
  };

  return (
    <section className="pl-detail" aria-labelledby="player-detail-title">
      <div>
        <Button variant="secondary" size="sm" onClick={onBack}>
          Back to Players
        </Button>
      </div>
      <PlayerIdentity
        player={player}
        level={3}
        headingId="player-detail-title"
        action={
          <Link
            className="op-btn op-btn--secondary op-btn--md"
            to={paths.playerProfile(networkId, player.steamId)}
          >
            View Full Profile
          </Link>
        }
      />
      <dl className="pl-facts">
        <Fact label="Current Server" value={player.currentServer ?? 'Not connected'} />
        <Fact label="Playtime" value={formatPlaytime(player.playtime)} />
        <Fact label="Kills" value={formatCount(player.totalKills)} />
        <Fact label="Deaths" value={formatCount(player.totalDeaths)} />
        <Fact label="K/D Ratio" value={formatKd(player.totalKills, player.totalDeaths)} />
        <Fact label="Headshot %" value={`${player.headshotPercentage.toFixed(1)}%`} />
        <Fact label="Sessions" value={formatCount(player.totalSessions)} />
        <Fact label="First Joined" value={formatDate(player.firstJoined)} />
        <Fact label="Last Seen" value={formatLastSeen(player.lastSeen)} />
        {player.ipAddress && <Fact label="IP Address" value={player.ipAddress} />}
        {player.ban && <Fact label="Banned" value={banLabel(player.ban)} />}
      </dl>
      {canModerate ? (
        <div className="pl-detail__actions" role="group" aria-label="Player actions">
          {/* Kick and warn reach a player in the game: they wait until the player is on a server. */}
          <Button
            variant="secondary"
            disabled={readOnly || !inGame}
            title={readOnlyTitle}
            aria-describedby={inGame ? undefined : offlineHintId}
            onClick={() => open('kick')}
          >
            Kick
          </Button>
          <Button
            variant="secondary"
            disabled={readOnly || !inGame}
            title={readOnlyTitle}
            aria-describedby={inGame ? undefined : offlineHintId}
            onClick={() => open('warn')}
          >
            Warn
          </Button>
          {player.status === 'banned' ? (
            <Button
              variant="secondary"
              disabled={readOnly}
              title={readOnlyTitle}
              onClick={() => {
                setSent(null);
                setUnbanning(true);
              }}
            >
              Unban
            </Button>
          ) : (
            <Button variant="danger" disabled={readOnly} title={readOnlyTitle} onClick={() => open('ban')}>
              Ban
            </Button>
          )}
          {!inGame && (
            <p id={offlineHintId} className="pl-detail__hint">
              Kick and Warn are available while the player is on one of your servers.
            </p>
          )}
        </div>
      ) : (
        <p className="pl-view-only">{VIEW_ONLY_MESSAGE}</p>
      )}
      {sent && !dialog && <CommandOutcome sent={sent} servers={servers} />}
      {unbanning && (
        <UnbanDialog
          playerName={player.displayName}
          serverId={defaultServerId}
          busy={isLoading}
          onSubmit={(reason) =>
            void run('unban', { serverId: defaultServerId, reason, duration: '', scope: 'network' })
          }
          onClose={() => setUnbanning(false)}
        />
      )}
      {dialog && (
        <PlayerActionDialog
          player={player}
          initialAction={dialog}
          servers={servers}
          defaultServerId={defaultServerId}
          busy={isLoading}
          sent={sent}
          onSubmit={({ action, ...values }) => void run(action, values)}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
};
