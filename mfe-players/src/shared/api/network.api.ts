// The network as this remote's screens need it, whatever the feature: the viewer's role (which
// decides the actions) and the servers (the capacity cards, the server filters, the server frame).
import { api, onLiveEvent, patchServerStatus } from '@outpost/api-cache';
import type { Network, Server } from '@outpost/contracts';

const enc = encodeURIComponent;

export const playersNetworkApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The network's servers, for the capacity cards, the server filter and the server frame. */
    getPlayerServers: build.query<Server[], string>({
      query: (networkId) => `/api/servers/network/${enc(networkId)}`,
      providesTags: (result) => [
        { type: 'Server', id: 'LIST' },
        ...(result ?? []).map((server) => ({ type: 'Server' as const, id: server.id })),
      ],
    }),
    /** The network as the viewer sees it: its name and the viewer's role decide the actions. */
    getPlayersNetwork: build.query<Network, string>({
      query: (networkId) => `/api/networks/${enc(networkId)}`,
      providesTags: (_result, _error, networkId) => [{ type: 'Network', id: networkId }],
    }),
  }),
});

export const { useGetPlayerServersQuery, useGetPlayersNetworkQuery } = playersNetworkApi;

// Live: the capacity cards and the frame follow each server's status.
onLiveEvent('server.status', (event, { dispatch }) =>
  dispatch(
    playersNetworkApi.util.updateQueryData('getPlayerServers', event.networkId, (servers) => {
      const server = servers.find((candidate) => candidate.id === event.serverId);
      if (server) patchServerStatus(server, event);
    }),
  ),
);
