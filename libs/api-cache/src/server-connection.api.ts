// How a server is connected, whichever way (the panel's RCON, the bridge, a plugin): one endpoint
// for every remote, since the server frame's header of each says it before a first report (a
// refused password reads "Wrong password" on every area, not "Waiting for its first report").
import { API_PATHS, type ServerConnection } from '@outpost/contracts';
import { api } from './api';

/**
 * While the server is not connected, its connection is asked for this often: the bridge's and the
 * plugin's states come by no live event, and a refusal or a first connection should show without
 * a reload.
 */
export const CONNECTION_POLL_MS = 5_000;
/** Once connected, seldom: the server's own status (live or polled) tells the rest. */
export const CONNECTED_POLL_MS = 30_000;

export const serverConnectionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Every member may read it. It follows the panel's RCON connection's saves, so it shares the
     * RCON tag (a save or Try again reads it again).
     */
    getServerConnection: build.query<ServerConnection, string>({
      query: (serverId) => API_PATHS.getServerConnection.path(serverId),
      providesTags: (_result, _error, serverId) => [{ type: 'Rcon', id: serverId }],
    }),
  }),
});

export const { useGetServerConnectionQuery } = serverConnectionApi;

/** How the server is connected, read again while it is not (`skip`: not needed on this screen). */
export const useServerConnection = (serverId: string, { skip = false }: { skip?: boolean } = {}) => {
  // The interval depends on the last answer, which the query hook gives only after it is called.
  const last = serverConnectionApi.endpoints.getServerConnection.useQueryState(serverId, {
    skip: skip || !serverId,
  });
  return useGetServerConnectionQuery(serverId, {
    skip: skip || !serverId,
    pollingInterval: last.data?.state === 'connected' ? CONNECTED_POLL_MS : CONNECTION_POLL_MS,
    skipPollingIfUnfocused: true,
  });
};
