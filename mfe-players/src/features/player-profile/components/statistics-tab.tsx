import type { PlayerProfile } from '@outpost/contracts';
import { formatCount, formatDate, formatKd, formatLastSeen, formatPlaytime } from '@outpost/format';
import { StatCard } from '@outpost/ui';

export type StatisticsTabProps = { profile: PlayerProfile };

export const StatisticsTab = ({ profile: { player, ipHistory } }: StatisticsTabProps) => (
  <div className="pl-tab">
    <div className="pl-stats">
      <StatCard label="Playtime" value={formatPlaytime(player.playtime)} />
      <StatCard label="Kills" value={formatCount(player.totalKills)} />
      <StatCard label="Deaths" value={formatCount(player.totalDeaths)} />
      <StatCard label="K/D Ratio" value={formatKd(player.totalKills, player.totalDeaths)} />
      <StatCard label="Headshot %" value={`${player.headshotPercentage.toFixed(1)}%`} />
      <StatCard label="Sessions" value={formatCount(player.totalSessions)} />
    </div>
    <dl className="pl-facts">
      <div>
        <dt>First Joined</dt>
        <dd>{formatDate(player.firstJoined)}</dd>
      </div>
      <div>
        <dt>Last Seen</dt>
        <dd>{formatLastSeen(player.lastSeen)}</dd>
      </div>
      <div>
        <dt>Current Server</dt>
        <dd>{player.currentServer ?? 'Not connected'}</dd>
      </div>
    </dl>
    {ipHistory && ipHistory.length > 0 && (
      <table className="pl-table" aria-label="IP history">
        <thead>
          <tr>
            <th scope="col">IP Address</th>
            <th scope="col">First Seen</th>
            <th scope="col">Last Seen</th>
          </tr>
        </thead>
        <tbody>
          {ipHistory.map((record) => (
            <tr key={record.ip}>
              <td className="pl-mono">{record.ip}</td>
              <td>{formatDate(record.firstSeen)}</td>
              <td>{formatLastSeen(record.lastSeen)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    )}
  </div>
);
