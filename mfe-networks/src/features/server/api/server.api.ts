import { api, onLiveEvent } from '@outpost/api-cache';
import type {
  PutRconRequest,
  PutRconResponse,
  RconStatus,
  ReportsResponse,
  RotateServerTokenResponse,
} from '@outpost/contracts';

export type SaveRconArgs = { serverId: string } & PutRconRequest;

export const serverApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A new plugin token; the old one stops working at once (and the ban-check path changes). */
    rotateServerToken: build.mutation<RotateServerTokenResponse, string>({
      query: (serverId) => ({ url: `/api/servers/${encodeURIComponent(serverId)}/token`, method: 'POST' }),
      invalidatesTags: (_result, error, serverId) =>
        error ? [] : [{ type: 'Server', id: serverId }, 'Audit'],
    }),
    /** The panel's own RCON connection to the server; 404 while none is set. */
    getRcon: build.query<RconStatus, string>({
      query: (serverId) => `/api/servers/${encodeURIComponent(serverId)}/rcon`,
      providesTags: (_result, _error, serverId) => [{ type: 'Rcon', id: serverId }],
    }),
    saveRcon: build.mutation<PutRconResponse, SaveRconArgs>({
      query: ({ serverId, ...body }) => ({
        url: `/api/servers/${encodeURIComponent(serverId)}/rcon`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_result, error, { serverId }) =>
        error ? [] : [{ type: 'Rcon', id: serverId }, 'Audit'],
    }),
    /** How many of the server's F7 reports are new (reports.work): the server page's badge. */
    getServerNewReports: build.query<number, string>({
      query: (serverId) => ({
        url: `/api/servers/${encodeURIComponent(serverId)}/reports`,
        params: { state: 'new', limit: 1 },
      }),
      transformResponse: (response: ReportsResponse) => response.newCount,
      providesTags: [{ type: 'Report', id: 'LIST' }],
    }),
    removeRcon: build.mutation<null, string>({
      query: (serverId) => ({ url: `/api/servers/${encodeURIComponent(serverId)}/rcon`, method: 'DELETE' }),
      invalidatesTags: (_result, error, serverId) => (error ? [] : [{ type: 'Rcon', id: serverId }, 'Audit']),
    }),
  }),
});

export const {
  useRotateServerTokenMutation,
  useGetRconQuery,
  useSaveRconMutation,
  useRemoveRconMutation,
  useGetServerNewReportsQuery,
} = serverApi;

// Live: the connection's state as the panel stores it (connecting, connected, unreachable...).
onLiveEvent('server.rcon', ({ serverId, state, lastError, connectedAt }, { dispatch }) =>
  dispatch(
    serverApi.util.updateQueryData('getRcon', serverId, (status) => {
      Object.assign(status, { state, lastError, connectedAt });
    }),
  ),
);
