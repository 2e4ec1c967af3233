// A network, its servers and its members, as every remote reads them: the network page and the
// server areas of mfe-networks, the players list, the Punishments area and the Reports inbox of
// mfe-players. One endpoint each, so the screens of both remotes share one cache entry, and one
// live patch each. The writes (rename, delete, a member's role...) belong to the remote that
// offers them.
import { API_PATHS, type Member, type Network, type Server } from '@outpost/contracts';
import { api } from './api';
import { invalidateSoon, onLiveEvent, patchServerStatus, serverNeedsRefetch } from './live';

export const networksApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The network as the viewer sees it: its name, and the viewer's role that decides the actions. */
    getNetwork: build.query<Network, string>({
      query: (networkId) => API_PATHS.getNetwork.path(networkId),
      providesTags: (_result, _error, networkId) => [{ type: 'Network', id: networkId }],
    }),
    /** The network's servers: cards, capacity, server filters and choices, a server area's frame. */
    getNetworkServers: build.query<Server[], string>({
      query: (networkId) => API_PATHS.getNetworkServers.path(networkId),
      providesTags: (result) => [
        { type: 'Server', id: 'LIST' },
        ...(result ?? []).map((server) => ({ type: 'Server' as const, id: server.id })),
      ],
    }),
    /** One server, as its own page shows it. */
    getServer: build.query<Server, string>({
      query: (serverId) => API_PATHS.getServer.path(serverId),
      providesTags: (_result, _error, serverId) => [{ type: 'Server', id: serverId }],
    }),
    /** The network's members (members.view: the staff). The list answers {success, data, error}; the base query unwraps data. */
    getNetworkMembers: build.query<Member[], string>({
      query: (networkId) => API_PATHS.getNetworkMembers.path(networkId),
      providesTags: (result) => [
        { type: 'Member', id: 'LIST' },
        ...(result ?? []).map((member) => ({ type: 'Member' as const, id: member.id })),
      ],
    }),
  }),
});

export const { useGetNetworkQuery, useGetNetworkServersQuery, useGetServerQuery, useGetNetworkMembersQuery } =
  networksApi;

// Live: a network that changed (renamed, servers or members added or gone, the user's own role) is
// read again, with its servers and members; so are the lists of networks and the dashboard.
onLiveEvent('network.changed', ({ networkId }, { dispatch }) =>
  dispatch(
    api.util.invalidateTags([
      { type: 'Network', id: networkId },
      { type: 'Network', id: 'LIST' },
      { type: 'Server', id: 'LIST' },
      { type: 'Member', id: 'LIST' },
      'Dashboard',
    ]),
  ),
);

// Live: a server's status, players and capacity go into the server and into its network's list;
// its first report or a change of status reads the server again (hostname, map, uptime).
onLiveEvent('server.status', (event, { dispatch, getState }) => {
  const cached = networksApi.endpoints.getServer.select(event.serverId)(getState()).data;
  if (cached && serverNeedsRefetch(cached, event))
    invalidateSoon(dispatch, [{ type: 'Server', id: event.serverId }]);
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
