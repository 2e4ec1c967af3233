import { useGetNetworkQuery, useGetNetworkServersQuery } from '@outpost/api-cache';
import { useParams } from '@outpost/router';

/** The network and the server a server screen of this remote frames (the server from the list). */
export const useServerFrameQueries = () => {
  const { networkId = '', serverId = '' } = useParams();
  const network = useGetNetworkQuery(networkId, { skip: !networkId });
  const servers = useGetNetworkServersQuery(networkId, { skip: !networkId });
  const server = { ...servers, data: servers.data?.find((item) => item.id === serverId) };
  return { networkId, serverId, network, server };
};
