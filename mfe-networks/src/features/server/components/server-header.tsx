import type { Server } from '@outpost/contracts';
import { formatUptime } from '@outpost/format';
import { ServerStatusBadge } from '../../../shared/components/server-status-badge';

export type ServerHeaderProps = { server: Server };

/** Name, status label, address, players/max, map and uptime. */
export const ServerHeader = ({ server }: ServerHeaderProps) => (
  <div className="net-server-header">
    <div className="net-card__heading">
      <h1 id="server-title">{server.name}</h1>
      <ServerStatusBadge status={server.status} />
    </div>
    {server.actualName && server.actualName !== server.name && (
      <p className="net-muted">{server.actualName}</p>
    )}
    <dl className="net-facts net-facts--row">
      <div>
        <dt>Address</dt>
        <dd className="net-mono">{server.connectionAddress || server.address || 'Not reported yet'}</dd>
      </div>
      <div>
        <dt>Players</dt>
        <dd>
          {server.playerCount}/{server.maxPlayers}
        </dd>
      </div>
      <div>
        <dt>Map</dt>
        <dd>{server.map ?? 'Unknown'}</dd>
      </div>
      <div>
        <dt>Uptime</dt>
        <dd>{server.status === 'online' ? formatUptime(server.uptime) : '—'}</dd>
      </div>
    </dl>
  </div>
);
