import { useGetNetworkQuery, useGetNetworkServersQuery, useServerConnection } from '@outpost/api-cache';
import { useParams } from '@outpost/router';

/**
 * The network and the server a server screen of this remote frames (the server from the list), and
 * how the server is connected while it has never reported: the frame's header then says "Wrong
 * password", "Unreachable" or "Connecting" as the server page does, not "Waiting for its first
 * report" (the connection is read only then).
 */
export const useServerFrameQueries = () => {
  const { networkId = '', serverId = '' } = useParams();
  const network = useGetNetworkQuery(networkId, { skip: !networkId });
  const servers = useGetNetworkServersQuery(networkId, { skip: !networkId });
  const server = { ...servers, data: servers.data?.find((item) => item.id === serverId) };
  const neverReported = server.data?.lastSeenAt === null;
  const connection = useServerConnection(serverId, { skip: !neverReported }).data;
  return {
    networkId,
    serverId,
    /** What the ServerFrameScreen of the screen takes, but its area. */
    frame: { networkId, network, server, connection: neverReported ? connection?.state : null },
  };
};
