import { api, onLiveEvent } from '@outpost/api-cache';
import {
  API_PATHS,
  type PutRconRequest,
  type PutRconResponse,
  type RconStatus,
  type ReportsResponse,
  type RotateServerTokenResponse,
} from '@outpost/contracts';

export type SaveRconArgs = { serverId: string } & PutRconRequest;

export const serverApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A new plugin token; the old one stops working at once (and the ban-check path changes). */
    rotateServerToken: build.mutation<RotateServerTokenResponse, string>({
      query: (serverId) => API_PATHS.regenerateServerToken.request(serverId),
      invalidatesTags: (_result, error, serverId) =>
        error ? [] : [{ type: 'Server', id: serverId }, 'Audit'],
    }),
    /** The panel's own RCON connection to the server; null while none is set. */
    getRcon: build.query<RconStatus | null, string>({
      query: (serverId) => API_PATHS.getServerRcon.path(serverId),
      providesTags: (_result, _error, serverId) => [{ type: 'Rcon', id: serverId }],
    }),
    saveRcon: build.mutation<PutRconResponse, SaveRconArgs>({
      query: ({ serverId, ...body }) => ({
        ...API_PATHS.saveServerRcon.request(serverId),
        body,
      }),
      invalidatesTags: (_result, error, { serverId }) =>
        error ? [] : [{ type: 'Rcon', id: serverId }, 'Audit'],
    }),
    /** Try again: the panel dials the server's RCON now, instead of 10 minutes after a refusal. */
    retryRcon: build.mutation<RconStatus, string>({
      query: (serverId) => API_PATHS.retryServerRcon.request(serverId),
      invalidatesTags: (_result, error, serverId) => (error ? [] : [{ type: 'Rcon', id: serverId }, 'Audit']),
    }),
    /** How many of the server's F7 reports are new (reports.work): the server page's badge. */
    getServerNewReports: build.query<number, string>({
      query: (serverId) => ({
        url: API_PATHS.getServerReports.path(serverId),
        params: { state: 'new', limit: 1 },
      }),
      transformResponse: (response: ReportsResponse) => response.newCount,
      providesTags: [{ type: 'Report', id: 'LIST' }],
    }),
    removeRcon: build.mutation<null, string>({
      query: (serverId) => API_PATHS.deleteServerRcon.request(serverId),
      invalidatesTags: (_result, error, serverId) => (error ? [] : [{ type: 'Rcon', id: serverId }, 'Audit']),
    }),
  }),
});

export const {
  useRotateServerTokenMutation,
  useGetRconQuery,
  useSaveRconMutation,
  useRemoveRconMutation,
  useRetryRconMutation,
  useGetServerNewReportsQuery,
} = serverApi;

// How the server is connected (every way in) is shared with the other remotes' server frames.
export { useServerConnection } from '@outpost/api-cache';

// Live: the connection's state as the panel stores it (connecting, connected, unreachable...).
onLiveEvent('server.rcon', ({ serverId, state, lastError, connectedAt, refusedAt }, { dispatch }) =>
  dispatch(
    serverApi.util.updateQueryData('getRcon', serverId, (status) => {
      if (status) Object.assign(status, { state, lastError, connectedAt, refusedAt });
    }),
  ),
);
