import { paths, statusGradient, type Server } from '@outpost/contracts';
import { formatUptime } from '@outpost/format';
import { Button } from '@outpost/ui';
import { Link } from 'react-router-dom';
import { ServerStatusBadge } from '../../../shared/components/server-status-badge';
import { gradientStyle } from '../../../shared/utils/gradient';

export type ServerCardProps = {
  server: Server;
  /** Present for owners and admins. */
  onDelete?: (server: Server) => void;
};

/** Links to the server's page; the banner takes the status colour. */
export const ServerCard = ({ server, onDelete }: ServerCardProps) => (
  <article className="op-card op-card--interactive net-card" aria-labelledby={`server-${server.id}`}>
    <div
      className="net-card__banner net-card__banner--thin"
      style={gradientStyle(statusGradient(server.status))}
    />
    <div className="net-card__body">
      <div className="net-card__heading">
        <h3 className="net-card__title" id={`server-${server.id}`}>
          <Link className="net-card__link" to={paths.server(server.networkId, server.id)}>
            {server.name}
          </Link>
        </h3>
        <ServerStatusBadge status={server.status} />
      </div>
      {server.actualName && server.actualName !== server.name && (
        <p className="net-card__description">{server.actualName}</p>
      )}
      <dl className="net-facts">
        <div>
          <dt>Address</dt>
          <dd>{server.connectionAddress || server.address || 'Not reported yet'}</dd>
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
    {onDelete && (
      <Button
        variant="ghost"
        size="sm"
        className="net-card__settings"
        aria-label={`Delete ${server.name}`}
        onClick={() => onDelete(server)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </Button>
    )}
  </article>
);
