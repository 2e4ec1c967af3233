import type { PlayerProfile } from '@outpost/contracts';
import { formatLastSeen, formatPlaytime, formatTimestamp } from '@outpost/format';
import { Badge, EmptyState } from '@outpost/ui';

export type SessionsTabProps = { profile: PlayerProfile };

export const SessionsTab = ({ profile: { sessions } }: SessionsTabProps) =>
  sessions.length === 0 ? (
    <EmptyState title="No sessions yet" message="Sessions appear once the player joins a server." />
  ) : (
    <div className="pl-table-wrap">
      <table className="pl-table" aria-label="Sessions">
        <thead>
          <tr>
            <th scope="col">Server</th>
            <th scope="col">Joined</th>
            <th scope="col">Left</th>
            <th scope="col" className="pl-num">
              Duration
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => (
            <tr key={session.id}>
              <td>{session.serverName}</td>
              <td title={formatTimestamp(session.joinedAt)}>{formatLastSeen(session.joinedAt)}</td>
              <td>
                {session.leftAt ? (
                  <span title={formatTimestamp(session.leftAt)}>{formatLastSeen(session.leftAt)}</span>
                ) : (
                  <Badge tone="success">Playing now</Badge>
                )}
              </td>
              <td className="pl-num">{formatPlaytime(session.duration)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
