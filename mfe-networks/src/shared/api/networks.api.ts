// Network endpoints that more than one feature needs (the list's settings dialog, the dashboard's
// header and Settings tab, every server area's frame, the server list of the dashboard and of the
// network's Logs tab). Features import hooks only from here or from their own api file.
import { api, onLiveEvent, patchServerStatus } from '@outpost/api-cache';
import type { Network, Server, UpdateNetworkRequest } from '@outpost/contracts';

export type UpdateNetworkArgs = { id: string; changes: UpdateNetworkRequest };

export const networksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNetwork: build.query<Network, string>({
      query: (id) => `/api/networks/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Network', id }],
    }),
    getNetworkServers: build.query<Server[], string>({
      query: (networkId) => `/api/servers/network/${encodeURIComponent(networkId)}`,
      providesTags: (result) => [
        { type: 'Server', id: 'LIST' },
        ...(result ?? []).map((server) => ({ type: 'Server' as const, id: server.id })),
      ],
    }),
    getServer: build.query<Server, string>({
      query: (serverId) => `/api/servers/${encodeURIComponent(serverId)}`,
      providesTags: (_result, _error, serverId) => [{ type: 'Server', id: serverId }],
    }),
    updateNetwork: build.mutation<Network, UpdateNetworkArgs>({
      query: ({ id, changes }) => ({
        url: `/api/networks/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: changes,
      }),
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [{ type: 'Network', id }, { type: 'Network', id: 'LIST' }, 'Dashboard', 'Audit'],
    }),
    deleteNetwork: build.mutation<null, string>({
      query: (id) => ({ url: `/api/networks/${encodeURIComponent(id)}`, method: 'DELETE' }),
      // The deleted network's own tag is left alone: refetching it would only answer 404.
      invalidatesTags: (_result, error) =>
        error ? [] : [{ type: 'Network', id: 'LIST' }, 'Dashboard', 'Audit'],
    }),
  }),
});

export const {
  useGetNetworkQuery,
  useGetNetworkServersQuery,
  useGetServerQuery,
  useUpdateNetworkMutation,
  useDeleteNetworkMutation,
} = networksApi;

// Live: a server's status, players and capacity go into the server page and the network's cards.
onLiveEvent('server.status', (event, { dispatch }) => {
  dispatch(
    networksApi.util.updateQueryData('getServer', event.serverId, (server) =>
      patchServerStatus(server, event),
    ),
  );
  dispatch(
    networksApi.util.updateQueryData('getNetworkServers', event.networkId, (servers) => {
      const server = servers.find((candidate) => candidate.id === event.serverId);
      if (server) patchServerStatus(server, event);
    }),
  );
});
