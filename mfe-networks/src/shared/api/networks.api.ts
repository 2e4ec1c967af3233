// What the staff change about a network from more than one screen (the list's settings dialog, the
// dashboard's Settings and Members tabs, a server's Members area): its settings, the network
// itself, a member's role and membership. The network, its servers and its members are read
// through libs/api-cache, as every remote reads them. Features import these hooks only from here
// or from their own api file.
import { api } from '@outpost/api-cache';
import type { Member, Network, UpdateMemberRoleRequest, UpdateNetworkRequest } from '@outpost/contracts';

export type UpdateNetworkArgs = { id: string; changes: UpdateNetworkRequest };
export type MemberRef = { networkId: string; memberId: string };

export const manageNetworkApi = api.injectEndpoints({
  endpoints: (build) => ({
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
  useUpdateNetworkMutation,
  useDeleteNetworkMutation,
  useUpdateMemberRoleMutation,
  useRemoveMemberMutation,
} = manageNetworkApi;
