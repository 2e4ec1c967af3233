import { paths } from '@outpost/contracts';
import { ErrorState, Spinner } from '@outpost/ui';
import { Link, useParams } from '@outpost/router';
import { apiErrorStatus, apiErrorText } from '../../../shared/utils/api-error';
import { useGetPlayerServersQuery, useGetPlayersNetworkQuery } from '../api/player-list.api';
import { PlayerBrowser } from './player-browser';

const BackToServer = ({ networkId, serverId }: { networkId: string; serverId: string }) => (
  <Link className="pl-back" to={paths.server(networkId, serverId)}>
    ← Back to Server
  </Link>
);

/** /networks/:networkId/:serverId/players */
export default function ServerPlayersPage() {
  const { networkId = '', serverId = '' } = useParams();
  const network = useGetPlayersNetworkQuery(networkId, { skip: !networkId });
  const servers = useGetPlayerServersQuery(networkId, { skip: !networkId });
  const server = servers.data?.find((item) => item.id === serverId);

  if (network.isLoading) return <Spinner label="Loading network…" showLabel size="lg" />;
  if (network.isError || !network.data) {
    const notFound = apiErrorStatus(network.error) === 404;
    return (
      <section className="op-page pl-page">
        <ErrorState
          title={notFound ? 'Network not found' : 'Failed to load network'}
          message={
            notFound ? 'It may have been deleted, or you are not a member.' : apiErrorText(network.error)
          }
          onRetry={notFound ? undefined : () => void network.refetch()}
          action={
            <Link className="op-btn op-btn--secondary op-btn--md" to={paths.networks()}>
              Back to Networks
            </Link>
          }
        />
      </section>
    );
  }

  return (
    <section className="op-page pl-page" aria-labelledby="server-players-title">
      <BackToServer networkId={networkId} serverId={serverId} />
      <div>
        <h1 id="server-players-title">Players</h1>
        <p className="pl-muted">
          {server ? server.name : 'Server'} · {network.data.name}
        </p>
      </div>
      <PlayerBrowser networkId={networkId} role={network.data.role} serverId={serverId} />
    </section>
  );
}
