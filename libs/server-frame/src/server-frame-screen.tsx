import { paths, type ConnectionState, type Network, type Server, type ServerArea } from '@outpost/contracts';
import { Link } from '@outpost/router';
import { ErrorState, Spinner } from '@outpost/ui';
import type { ReactNode } from 'react';
import { ServerFrame } from './server-frame';
import { UpcomingArea } from './upcoming-area';

/** What a remote's query hook answers, as far as the frame needs it. */
export type FrameQuery<T> = {
  data?: T;
  error?: unknown;
  isLoading: boolean;
  refetch: () => unknown;
};

export type ServerFrameContext = { server: Server; network: Network };

export type ServerFrameScreenProps = {
  networkId: string;
  area: ServerArea | null;
  server: FrameQuery<Server>;
  network: FrameQuery<Network>;
  /** The area's content; without it the area says it has none yet. */
  children?: (context: ServerFrameContext) => ReactNode;
  /** How the server is connected, when the remote read it (see ServerStatusBadge). */
  connection?: ConnectionState | null;
};

const statusOf = (error: unknown): unknown => (error as { status?: unknown } | undefined)?.status;

/** The API's own text (it sends a code with it), never a bare status line. */
const messageOf = (error: unknown): string => {
  const known = error as { code?: string; message?: string } | undefined;
  return known?.code && known.message ? known.message : '';
};

/** Under "Server not found": why, rather than the API's "Server not found" said a second time. */
export const SERVER_NOT_FOUND_MESSAGE = 'It may have been deleted, or you are not a member of its network.';

/**
 * A server screen's states around the frame: loading, "Server not found" (also for a stranger),
 * a failure with Retry, then the area inside the frame. A failed poll keeps the last figures.
 */
export const ServerFrameScreen = ({
  networkId,
  area,
  server,
  network,
  children,
  connection,
}: ServerFrameScreenProps) => {
  if (server.isLoading || network.isLoading) return <Spinner label="Loading server…" showLabel size="lg" />;
  if (!server.data || !network.data || statusOf(server.error) === 404) {
    const error = server.error ?? network.error;
    const notFound = statusOf(error) === 404 || !error;
    return (
      <section className="op-page">
        <ErrorState
          title={notFound ? 'Server not found' : 'Failed to load server'}
          message={notFound ? SERVER_NOT_FOUND_MESSAGE : messageOf(error)}
          onRetry={
            notFound
              ? undefined
              : () => {
                  void server.refetch();
                  void network.refetch();
                }
          }
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
    <ServerFrame
      networkId={networkId}
      server={server.data}
      role={network.data.role}
      area={area}
      connection={connection}
    >
      {children
        ? children({ server: server.data, network: network.data })
        : area && <UpcomingArea area={area} />}
    </ServerFrame>
  );
};
