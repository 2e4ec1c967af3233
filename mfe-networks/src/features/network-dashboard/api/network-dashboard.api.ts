import { api } from '@outpost/api-cache';
import type {
  CreateInviteRequest,
  CreateServerRequest,
  CreateServerResponse,
  Invite,
  ReportsResponse,
} from '@outpost/contracts';

const enc = encodeURIComponent;

export type CreateServerArgs = { networkId: string; body: CreateServerRequest };
export type ServerRef = { networkId: string; serverId: string };

export const networkDashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** How many of the network's F7 reports are new (reports.work): the network page's badge. */
    getNetworkNewReports: build.query<number, string>({
      query: (networkId) => ({
        url: `/api/networks/${enc(networkId)}/reports`,
        params: { state: 'new', limit: 1 },
      }),
      transformResponse: (response: ReportsResponse) => response.newCount,
      providesTags: [{ type: 'Report', id: 'LIST' }],
    }),
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
  useGetNetworkInvitesQuery,
  useCreateInviteMutation,
  useRevokeInviteMutation,
  useGetNetworkNewReportsQuery,
} = networkDashboardApi;
