import { paths, type LogEntry, type LogPlayer, type LogType } from '@outpost/contracts';
import { formatShortDateTime } from '@outpost/format';
import { Link } from '@outpost/router';
import { Badge, type BadgeTone } from '@outpost/ui';

/** One line's kind, as its badge names it (the chips use the plural LOG_TYPE_LABELS). */
export const LOG_LINE_BADGES: Readonly<Record<LogType, { label: string; tone: BadgeTone }>> = {
  chat: { label: 'Chat', tone: 'info' },
  connect: { label: 'Join', tone: 'success' },
  disconnect: { label: 'Leave', tone: 'neutral' },
  kill: { label: 'Kill', tone: 'danger' },
  report: { label: 'Report', tone: 'warning' },
  console: { label: 'Console', tone: 'accent' },
  log: { label: 'Log', tone: 'neutral' },
};

type PlayerNameProps = { networkId: string; player: LogPlayer };

/**
 * A player's name (their Steam ID when the network never learned one), linking to their profile;
 * a line whose server sent no Steam ID names nobody to link to.
 */
const PlayerName = ({ networkId, player }: PlayerNameProps) =>
  player.steamId ? (
    <Link className="net-log__player" to={paths.playerProfile(networkId, player.steamId)}>
      {player.name ?? player.steamId}
    </Link>
  ) : (
    <span className="net-log__player">{player.name ?? 'Unknown player'}</span>
  );

/** What a kill line adds after the weapon: "(42 m, headshot)", or nothing when nothing is known. */
const killDetails = (distance: number | null, headshot: boolean | null): string => {
  const details = [
    distance !== null ? `${Math.round(distance)} m` : null,
    headshot ? 'headshot' : null,
  ].filter(Boolean);
  return details.length ? ` (${details.join(', ')})` : '';
};

type LogTextProps = { entry: LogEntry; networkId: string };

/** The line's words, by its kind. Everything a server sent is a text node, never markup. */
const LogText = ({ entry, networkId }: LogTextProps) => {
  switch (entry.type) {
    case 'chat':
      return (
        <>
          {entry.channel === 'team' && <span className="net-log__channel">[Team] </span>}
          <PlayerName networkId={networkId} player={entry.player} />: {entry.message}
        </>
      );
    case 'connect':
      return (
        <>
          <PlayerName networkId={networkId} player={entry.player} /> joined
          {entry.ip && <span className="net-log__ip"> (IP {entry.ip})</span>}
        </>
      );
    case 'disconnect':
      return (
        <>
          <PlayerName networkId={networkId} player={entry.player} /> left
          {entry.reason && ` (${entry.reason})`}
        </>
      );
    case 'kill':
      return (
        <>
          <PlayerName networkId={networkId} player={entry.player} /> killed{' '}
          <PlayerName networkId={networkId} player={entry.target} />
          {entry.weapon && ` with ${entry.weapon}`}
          {killDetails(entry.distance, entry.headshot)}
        </>
      );
    case 'report':
      return (
        <>
          <PlayerName networkId={networkId} player={entry.player} /> reported{' '}
          <PlayerName networkId={networkId} player={entry.target} />: {entry.subject && `${entry.subject} — `}
          {entry.message}
        </>
      );
    default:
      return (
        <>
          <span className={`net-log__level net-log__level--${entry.level}`}>{entry.level}</span>{' '}
          <span className="net-log__message">{entry.message}</span>
        </>
      );
  }
};

export type LogLineProps = {
  entry: LogEntry;
  networkId: string;
  /** The network's timeline names the server of each line. */
  showServer: boolean;
};

export const LogLine = ({ entry, networkId, showServer }: LogLineProps) => {
  const badge = LOG_LINE_BADGES[entry.type];
  return (
    <li className={`net-log net-log--${entry.type}`}>
      <time className="net-log__time" dateTime={entry.at}>
        {formatShortDateTime(entry.at)}
      </time>
      <Badge tone={badge.tone} className="net-log__badge">
        {badge.label}
      </Badge>
      {showServer && <span className="net-log__server">{entry.serverName}</span>}
      <span className="net-log__text">
        <LogText entry={entry} networkId={networkId} />
      </span>
    </li>
  );
};
