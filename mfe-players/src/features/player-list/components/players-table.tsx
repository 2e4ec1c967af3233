import type { Player, PlayerSortColumn, Server } from '@outpost/contracts';
import { formatCount, formatKd, formatLastSeen, formatPlaytime } from '@outpost/format';
import { Badge } from '@outpost/ui';
import { CommandOutcome, type SentCommand } from '../../../shared/components/command-outcome';
import { PlayerStatus } from '../../../shared/components/player-status';
import { timeLeftLabel } from '../../../shared/utils/time-left';
import { ariaSort, type PlayerSort } from '../utils/sorting';

type Column = { label: string; sortBy?: PlayerSortColumn; numeric?: boolean };

const COLUMNS: readonly Column[] = [
  { label: 'Player', sortBy: 'displayName' },
  { label: 'Status', sortBy: 'status' },
  { label: 'Server' },
  { label: 'Playtime', sortBy: 'playtime', numeric: true },
  { label: 'Kills', sortBy: 'totalKills', numeric: true },
  { label: 'Deaths', sortBy: 'totalDeaths', numeric: true },
  { label: 'K/D', numeric: true },
  { label: 'Headshot %', sortBy: 'headshotPercentage', numeric: true },
  { label: 'Sessions', sortBy: 'totalSessions', numeric: true },
  { label: 'Last Seen', sortBy: 'lastSeen' },
];

export type PlayersTableProps = {
  players: readonly Player[];
  sort: PlayerSort;
  onSort: (column: PlayerSortColumn) => void;
  onSelect: (player: Player) => void;
  /** A newer page or order is on its way. */
  busy?: boolean;
  /** The last command sent for a player from here, by Steam ID: its row follows it live. */
  followed?: ReadonlyMap<string, SentCommand>;
  /** The network's servers (a followed command's may be offline). */
  servers?: readonly Server[];
};

const SortHeader = ({
  column,
  sort,
  onSort,
}: {
  column: Column;
  sort: PlayerSort;
  onSort: PlayersTableProps['onSort'];
}) => {
  if (!column.sortBy) return <th scope="col">{column.label}</th>;
  const state = ariaSort(sort, column.sortBy);
  const sortBy = column.sortBy;
  return (
    <th scope="col" aria-sort={state} className={column.numeric ? 'pl-num' : undefined}>
      <button type="button" className="pl-sort" onClick={() => onSort(sortBy)}>
        {column.label}
        <span className="pl-sort__arrow" aria-hidden="true">
          {state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
};

/** Every sortable header is a button; each row's name opens the player's detail. */
export const PlayersTable = ({
  players,
  sort,
  onSort,
  onSelect,
  busy = false,
  followed,
  servers = [],
}: PlayersTableProps) => (
  <div className="pl-table-wrap">
    <table className="pl-table" aria-label="Players" aria-busy={busy || undefined}>
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <SortHeader key={column.label} column={column} sort={sort} onSort={onSort} />
          ))}
        </tr>
      </thead>
      <tbody>
        {players.map((player) => (
          <tr key={player.steamId}>
            <td>
              <button type="button" className="pl-player-link" onClick={() => onSelect(player)}>
                {player.displayName}
              </button>
              <div className="pl-mono pl-muted">{player.steamId}</div>
              {player.isAdmin && <Badge tone="danger">Admin</Badge>}
              {player.isModerator && <Badge tone="info">Moderator</Badge>}
            </td>
            <td>
              <PlayerStatus status={player.status} />
              {followed?.get(player.steamId) && (
                <CommandOutcome sent={followed.get(player.steamId)!} servers={servers} compact />
              )}
              {player.ban?.timeLeftSeconds != null && (
                <div className="pl-muted">{timeLeftLabel(player.ban.timeLeftSeconds)}</div>
              )}
            </td>
            {/* Where the player is now (a server's list keeps those who played there and moved on). */}
            <td>{player.currentServer ?? <span className="pl-muted">Offline</span>}</td>
            <td className="pl-num">{formatPlaytime(player.playtime)}</td>
            <td className="pl-num">{formatCount(player.totalKills)}</td>
            <td className="pl-num">{formatCount(player.totalDeaths)}</td>
            <td className="pl-num">{formatKd(player.totalKills, player.totalDeaths)}</td>
            <td className="pl-num">{player.headshotPercentage.toFixed(1)}%</td>
            <td className="pl-num">{formatCount(player.totalSessions)}</td>
            <td>{formatLastSeen(player.lastSeen)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);
