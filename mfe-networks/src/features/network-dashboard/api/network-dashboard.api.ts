import { api } from '@outpost/api-cache';
import type {
  CreateInviteRequest,
  CreateServerRequest,
  CreateServerResponse,
  Invite,
  Member,
  UpdateMemberRoleRequest,
} from '@outpost/contracts';

const enc = encodeURIComponent;

export type CreateServerArgs = { networkId: string; body: CreateServerRequest };
export type ServerRef = { networkId: string; serverId: string };
export type MemberRef = { networkId: string; memberId: string };

export const networkDashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    createServer: build.mutation<CreateServerResponse, CreateServerArgs>({
      query: ({ networkId, body }) => ({
        url: `/api/servers/network/${enc(networkId)}`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, error, { networkId }) =>
        error
          ? []
          : [{ type: 'Server', id: 'LIST' }, { type: 'Network', id: networkId }, 'Dashboard', 'Audit'],
    }),
    deleteServer: build.mutation<null, ServerRef>({
      query: ({ serverId }) => ({ url: `/api/servers/${enc(serverId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { networkId }) =>
        error
          ? []
          : [{ type: 'Server', id: 'LIST' }, { type: 'Network', id: networkId }, 'Dashboard', 'Audit'],
    }),
    /** The list answers {success, data, error}; the base query unwraps data. */
    getNetworkMembers: build.query<Member[], string>({
      query: (networkId) => `/api/networks/${enc(networkId)}/members`,
      providesTags: (result) => [
        { type: 'Member', id: 'LIST' },
        ...(result ?? []).map((member) => ({ type: 'Member' as const, id: member.id })),
      ],
    }),
    updateMemberRole: build.mutation<Member, MemberRef & UpdateMemberRoleRequest>({
      query: ({ networkId, memberId, role }) => ({
        url: `/api/networks/${enc(networkId)}/members/${enc(memberId)}`,
        method: 'PATCH',
        body: { role },
      }),
      invalidatesTags: (_result, error, { memberId }) =>
        error ? [] : [{ type: 'Member', id: memberId }, { type: 'Member', id: 'LIST' }, 'Audit'],
    }),
    removeMember: build.mutation<null, MemberRef>({
      query: ({ networkId, memberId }) => ({
        url: `/api/networks/${enc(networkId)}/members/${enc(memberId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, error, { networkId }) =>
        error ? [] : [{ type: 'Member', id: 'LIST' }, { type: 'Network', id: networkId }, 'Audit'],
    }),
    getNetworkInvites: build.query<Invite[], string>({
      query: (networkId) => `/api/invites/network/${enc(networkId)}`,
      providesTags: (result) => [
        { type: 'Invite', id: 'LIST' },
        ...(result ?? []).map((invite) => ({ type: 'Invite' as const, id: invite.id })),
      ],
    }),
    createInvite: build.mutation<Invite, CreateInviteRequest>({
      query: (body) => ({ url: '/api/invites', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Invite', id: 'LIST' }, 'Audit']),
    }),
    /** The code stops working at once; the invite stays in the list, no longer active. */
    revokeInvite: build.mutation<Invite, string>({
      query: (inviteId) => ({ url: `/api/invites/${enc(inviteId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Invite', id: 'LIST' }, 'Audit']),
    }),
  }),
});

export const {
  useCreateServerMutation,
  useDeleteServerMutation,
  useGetNetworkMembersQuery,
  useUpdateMemberRoleMutation,
  useRemoveMemberMutation,
  useGetNetworkInvitesQuery,
  useCreateInviteMutation,
  useRevokeInviteMutation,
} = networkDashboardApi;
