// What the staff change about a network from more than one screen (the list's settings dialog, the
// dashboard's Settings and Members tabs, a server's Members area): its settings, the network
// itself, a member's role and membership. The network, its servers and its members are read
// through libs/api-cache, as every remote reads them. Features import these hooks only from here
// or from their own api file.
import { api } from '@outpost/api-cache';
import {
  API_PATHS,
  type Member,
  type Network,
  type UpdateMemberRoleRequest,
  type UpdateNetworkRequest,
} from '@outpost/contracts';

export type UpdateNetworkArgs = { id: string; changes: UpdateNetworkRequest };
export type MemberRef = { networkId: string; memberId: string };

export const manageNetworkApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateNetwork: build.mutation<Network, UpdateNetworkArgs>({
      query: ({ id, changes }) => ({
        ...API_PATHS.updateNetwork.request(id),
        body: changes,
      }),
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [{ type: 'Network', id }, { type: 'Network', id: 'LIST' }, 'Dashboard', 'Audit'],
    }),
    deleteNetwork: build.mutation<null, string>({
      query: (id) => API_PATHS.deleteNetwork.request(id),
      // The deleted network's own tag is left alone: refetching it would only answer 404.
      invalidatesTags: (_result, error) =>
        error ? [] : [{ type: 'Network', id: 'LIST' }, 'Dashboard', 'Audit'],
    }),
    updateMemberRole: build.mutation<Member, MemberRef & UpdateMemberRoleRequest>({
      query: ({ networkId, memberId, role }) => ({
        ...API_PATHS.updateNetworkMember.request(networkId, memberId),
        body: { role },
      }),
      invalidatesTags: (_result, error, { memberId }) =>
        error ? [] : [{ type: 'Member', id: memberId }, { type: 'Member', id: 'LIST' }, 'Audit'],
    }),
    removeMember: build.mutation<null, MemberRef>({
      query: ({ networkId, memberId }) => API_PATHS.removeNetworkMember.request(networkId, memberId),
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
