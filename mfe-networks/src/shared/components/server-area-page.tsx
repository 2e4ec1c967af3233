import { usePollingUnlessLive } from '@outpost/api-client';
import type { ConnectionState } from '@outpost/contracts';
import { useParams } from '@outpost/router';
import { ServerFrameScreen, useServerArea, type ServerFrameContext } from '@outpost/server-frame';
import type { ReactNode } from 'react';
import { useGetNetworkQuery, useGetServerQuery, useServerConnection } from '@outpost/api-cache';

/** Polling while the live stream is down; about one plugin heartbeat. */
export const SERVER_POLL_MS = 10_000;

export type ServerAreaPageProps = {
  /** The area's content; without it the area says it has none yet. */
  children?: (context: ServerFrameContext) => ReactNode;
  /**
   * How the server is connected, when the page knows; otherwise the frame reads it itself while the
   * server has never reported: the header then says it (Wrong password...) on every area.
   */
  connection?: ConnectionState | null;
};

/** One of this remote's server screens (/networks/:networkId/:serverId[/area]) in the shared frame. */
export const ServerAreaPage = ({ children, connection }: ServerAreaPageProps) => {
  const { networkId = '', serverId = '' } = useParams();
  // Status and players change with every heartbeat: the live stream patches them in (networks.api).
  const server = useGetServerQuery(serverId, {
    skip: !serverId,
    pollingInterval: usePollingUnlessLive(SERVER_POLL_MS),
    skipPollingIfUnfocused: true,
  });
  const network = useGetNetworkQuery(networkId, { skip: !networkId });
  const neverReported = server.data?.lastSeenAt === null;
  const read = useServerConnection(serverId, { skip: !neverReported || connection !== undefined });
  return (
    <ServerFrameScreen
      networkId={networkId}
      area={useServerArea()}
      server={server}
      network={network}
      connection={connection !== undefined ? connection : neverReported ? read.data?.state : null}
    >
      {children}
    </ServerFrameScreen>
  );
};

/** An area of this remote with no content yet. */
export default function UpcomingAreaPage() {
  return <ServerAreaPage />;
}
