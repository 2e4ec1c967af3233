import { useParams } from '@outpost/router';
import { useGetPlayerServersQuery, useGetPlayersNetworkQuery } from '../api/network.api';

/** The network and the server a server screen of this remote frames (the server from the list). */
export const useServerFrameQueries = () => {
  const { networkId = '', serverId = '' } = useParams();
  const network = useGetPlayersNetworkQuery(networkId, { skip: !networkId });
  const servers = useGetPlayerServersQuery(networkId, { skip: !networkId });
  const server = { ...servers, data: servers.data?.find((item) => item.id === serverId) };
  return { networkId, serverId, network, server };
};
