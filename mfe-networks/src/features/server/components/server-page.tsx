import { can, paths, SERVER_AREAS, type ServerArea } from '@outpost/contracts';
import { EmptyState, ErrorState, Spinner } from '@outpost/ui';
import { Link, NavLink, useLocation, useParams } from '@outpost/router';
import { useGetNetworkQuery } from '../../../shared/api/networks.api';
import { useReadOnly } from '../../../shared/hooks/use-read-only';
import { errorMessage, errorStatus } from '../../../shared/utils/error-message';
import { useGetServerQuery } from '../api/server.api';
import { BanCheckCard } from './ban-check-card';
import { RotateTokenCard } from './rotate-token-card';
import { ServerHeader } from './server-header';

const AREA_LABELS: Record<ServerArea | 'players', string> = {
  console: 'Console',
  logs: 'Logs',
  map: 'Map',
  players: 'Players',
  profile: 'Player Profile',
  punishments: 'Punishments',
  suspicious: 'Suspicious Activity',
  metrics: 'Metrics',
  alerts: 'Alerts',
  audit: 'Audit Log',
  members: 'Members',
};
const NAV_AREAS = ['players', ...SERVER_AREAS] as const;
/** Polling until live push exists; about one plugin heartbeat. */
export const SERVER_POLL_MS = 10_000;

const isArea = (value: string | undefined): value is ServerArea =>
  value !== undefined && (SERVER_AREAS as readonly string[]).includes(value);

/** A server's home and areas: /networks/:networkId/:serverId[/area] */
export default function ServerPage() {
  const { networkId = '', serverId = '' } = useParams();
  const { pathname } = useLocation();
  const last = pathname.split('/').filter(Boolean).at(-1);
  const area = isArea(last) ? last : null;
  // Status, players and map change with every heartbeat: the page follows them without a reload.
  const {
    data: server,
    error,
    isLoading,
    refetch,
  } = useGetServerQuery(serverId, {
    skip: !serverId,
    pollingInterval: SERVER_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const { data: network } = useGetNetworkQuery(networkId, { skip: !networkId });
  const readOnly = useReadOnly();
  const manages = !readOnly && !!network && can(network.role, 'servers.manage');

  if (isLoading) return <Spinner label="Loading server…" showLabel size="lg" />;
  // A failed poll keeps the last figures on screen; only a first failure or a 404 replaces them.
  if (!server || errorStatus(error) === 404) {
    const notFound = errorStatus(error) === 404;
    return (
      <section className="net-page">
        <ErrorState
          title={notFound ? 'Server not found' : 'Failed to load server'}
          message={errorMessage(error, '')}
          onRetry={notFound ? undefined : () => void refetch()}
          action={
            <Link className="op-btn op-btn--secondary op-btn--md" to={paths.network(networkId)}>
              Back to Network
            </Link>
          }
        />
      </section>
    );
  }

  return (
    <section className="net-page" aria-labelledby="server-title">
      <Link className="net-back" to={paths.network(networkId)}>
        ← Back to Network
      </Link>
      <ServerHeader server={server} />
      <nav className="net-area-nav" aria-label="Server areas">
        <NavLink end to={paths.server(networkId, serverId)}>
          Overview
        </NavLink>
        {NAV_AREAS.map((item) => (
          <NavLink key={item} to={paths.serverArea(networkId, serverId, item)}>
            {AREA_LABELS[item]}
          </NavLink>
        ))}
      </nav>
      <div className="net-tab">
        <h2>{area ? AREA_LABELS[area] : 'Overview'}</h2>
        {area ? (
          <EmptyState
            title="Coming with the plugin"
            message={`${AREA_LABELS[area]} fills in once the Outpost plugin reports from this server. Nothing here is sample data.`}
          />
        ) : (
          <EmptyState
            title={server.status === 'online' ? 'Server is reporting' : 'Waiting for the plugin'}
            message={
              server.lastSeenAt
                ? `Last report ${new Date(server.lastSeenAt).toLocaleString()}.`
                : 'Install the Outpost plugin with this server’s token; live figures appear after its first report.'
            }
          />
        )}
        {!area && <BanCheckCard server={server} />}
        {!area && manages && <RotateTokenCard server={server} />}
      </div>
    </section>
  );
}
