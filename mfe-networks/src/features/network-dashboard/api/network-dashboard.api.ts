import { api } from '@outpost/api-cache';
import {
  API_PATHS,
  type CreateInviteRequest,
  type CreateServerRequest,
  type CreateServerResponse,
  type Invite,
  type ReportsResponse,
} from '@outpost/contracts';

export type CreateServerArgs = { networkId: string; body: CreateServerRequest };
export type ServerRef = { networkId: string; serverId: string };

export const networkDashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** How many of the network's F7 reports are new (reports.work): the network page's badge. */
    getNetworkNewReports: build.query<number, string>({
      query: (networkId) => ({
        url: API_PATHS.getNetworkReports.path(networkId),
        params: { state: 'new', limit: 1 },
      }),
      transformResponse: (response: ReportsResponse) => response.newCount,
      providesTags: [{ type: 'Report', id: 'LIST' }],
    }),
    createServer: build.mutation<CreateServerResponse, CreateServerArgs>({
      query: ({ networkId, body }) => ({
        ...API_PATHS.createServer.request(networkId),
        body,
      }),
      invalidatesTags: (_result, error, { networkId }) =>
        error
          ? []
          : [{ type: 'Server', id: 'LIST' }, { type: 'Network', id: networkId }, 'Dashboard', 'Audit'],
    }),
    deleteServer: build.mutation<null, ServerRef>({
      query: ({ serverId }) => API_PATHS.deleteServer.request(serverId),
      invalidatesTags: (_result, error, { networkId }) =>
        error
          ? []
          : [{ type: 'Server', id: 'LIST' }, { type: 'Network', id: networkId }, 'Dashboard', 'Audit'],
    }),
    getNetworkInvites: build.query<Invite[], string>({
      query: (networkId) => API_PATHS.getNetworkInvites.path(networkId),
      providesTags: (result) => [
        { type: 'Invite', id: 'LIST' },
        ...(result ?? []).map((invite) => ({ type: 'Invite' as const, id: invite.id })),
      ],
    }),
    createInvite: build.mutation<Invite, CreateInviteRequest>({
      query: (body) => ({ ...API_PATHS.createInvite.request(), body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Invite', id: 'LIST' }, 'Audit']),
    }),
    /** The code stops working at once; the invite stays in the list, no longer active. */
    revokeInvite: build.mutation<Invite, string>({
      query: (inviteId) => API_PATHS.deleteInvite.request(inviteId),
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
