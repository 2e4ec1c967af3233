import type { Server } from '@outpost/contracts';
import { ServerFacts } from '../../../shared/components/server-facts';
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
    <ServerFacts server={server} row />
  </div>
);
