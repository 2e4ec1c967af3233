import { serverApi, useGetServerConnectionQuery } from '../api/server.api';

/**
 * While the server is not connected, its connection is asked for this often: the bridge's and the
 * plugin's states come by no live event, and a refusal or a first connection should show without
 * a reload.
 */
export const CONNECTION_POLL_MS = 5_000;
/** Once connected, seldom: the server's own status (live or polled) tells the rest. */
export const CONNECTED_POLL_MS = 30_000;

/** How the server is connected, whichever way (the panel's RCON, the bridge, a plugin). */
export const useServerConnection = (serverId: string) => {
  // The interval depends on the last answer, which the query hook gives only after it is called.
  const last = serverApi.endpoints.getServerConnection.useQueryState(serverId, { skip: !serverId });
  return useGetServerConnectionQuery(serverId, {
    skip: !serverId,
    pollingInterval: last.data?.state === 'connected' ? CONNECTED_POLL_MS : CONNECTION_POLL_MS,
    skipPollingIfUnfocused: true,
  });
};
