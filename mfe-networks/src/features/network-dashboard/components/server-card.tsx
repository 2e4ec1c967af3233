import { paths, statusGradient, type Server } from '@outpost/contracts';
import { Link } from '@outpost/router';
import { CardIconButton } from '../../../shared/components/card-icon-button';
import { ServerFacts } from '@outpost/server-frame';
import { ServerStatusBadge } from '@outpost/server-frame';
import { READ_ONLY_HINT } from '../../../shared/hooks/use-read-only';
import { gradientStyle } from '../../../shared/utils/gradient';

export type ServerCardProps = {
  server: Server;
  /** Present for owners and admins (the demo's admin view included). */
  onDelete?: (server: Server) => void;
  /** The demo: Delete shows, disabled, saying the demo is read-only. */
  readOnly?: boolean;
};

/** Links to the server's page; the banner takes the status colour (the default until it reports). */
export const ServerCard = ({ server, onDelete, readOnly = false }: ServerCardProps) => (
  <article className="op-card op-card--interactive net-card" aria-labelledby={`server-${server.id}`}>
    <div
      className="net-card__banner net-card__banner--thin"
      style={gradientStyle(statusGradient(server.lastSeenAt === null ? null : server.status))}
    />
    <div className="net-card__body">
      <div className="net-card__heading">
        <h3 className="net-card__title" id={`server-${server.id}`}>
          <Link className="net-card__link" to={paths.server(server.networkId, server.id)}>
            {server.name}
          </Link>
        </h3>
        <ServerStatusBadge status={server.status} lastSeenAt={server.lastSeenAt} />
      </div>
      {server.actualName && server.actualName !== server.name && (
        <p className="net-card__description">{server.actualName}</p>
      )}
      <ServerFacts server={server} />
    </div>
    {onDelete && (
      <CardIconButton
        icon="delete"
        label={`Delete ${server.name}`}
        onClick={() => onDelete(server)}
        disabled={readOnly}
        title={readOnly ? READ_ONLY_HINT : undefined}
      />
    )}
  </article>
);
