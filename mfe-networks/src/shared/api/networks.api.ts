// Network endpoints that more than one feature needs (the list's settings dialog, the dashboard's
// header and Settings tab, every server area's frame, the server list of the dashboard and of the
// network's Logs tab, the members of the dashboard's Members tab and of a server's Members area). Features import hooks only from here or from their own api file.
import { api, invalidateSoon, onLiveEvent, patchServerStatus, serverNeedsRefetch } from '@outpost/api-cache';
import type {
  Member,
  Network,
  Server,
  UpdateMemberRoleRequest,
  UpdateNetworkRequest,
} from '@outpost/contracts';

export type UpdateNetworkArgs = { id: string; changes: UpdateNetworkRequest };
export type MemberRef = { networkId: string; memberId: string };

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
    /** The list answers {success, data, error}; the base query unwraps data. */
    getNetworkMembers: build.query<Member[], string>({
      query: (networkId) => `/api/networks/${encodeURIComponent(networkId)}/members`,
      providesTags: (result) => [
        { type: 'Member', id: 'LIST' },
        ...(result ?? []).map((member) => ({ type: 'Member' as const, id: member.id })),
      ],
    }),
    updateMemberRole: build.mutation<Member, MemberRef & UpdateMemberRoleRequest>({
      query: ({ networkId, memberId, role }) => ({
        url: `/api/networks/${encodeURIComponent(networkId)}/members/${encodeURIComponent(memberId)}`,
        method: 'PATCH',
        body: { role },
      }),
      invalidatesTags: (_result, error, { memberId }) =>
        error ? [] : [{ type: 'Member', id: memberId }, { type: 'Member', id: 'LIST' }, 'Audit'],
    }),
    removeMember: build.mutation<null, MemberRef>({
      query: ({ networkId, memberId }) => ({
        url: `/api/networks/${encodeURIComponent(networkId)}/members/${encodeURIComponent(memberId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, error, { networkId }) =>
        error ? [] : [{ type: 'Member', id: 'LIST' }, { type: 'Network', id: networkId }, 'Audit'],
    }),
  }),
});

export const {
  useGetNetworkQuery,
  useGetNetworkServersQuery,
  useGetServerQuery,
  useUpdateNetworkMutation,
  useDeleteNetworkMutation,
  useGetNetworkMembersQuery,
  useUpdateMemberRoleMutation,
  useRemoveMemberMutation,
} = networksApi;

// Live: a server's status, players and capacity go into the server page and the network's cards;
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
