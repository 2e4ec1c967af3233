import { selectLiveConnected, useAppSelector } from '@outpost/api-client';
import { serverApi, useGetRconQuery } from '../api/server.api';

/**
 * While a saved connection's state is on screen and the live stream is down, it is asked for this
 * often: the game server stopping (unreachable) or its password changing (wrong_password) shows
 * without a reload. While the stream is up, its `server.rcon` events bring each change.
 */
export const RCON_POLL_MS = 5_000;
/**
 * While the panel is still connecting, sooner, and even while the live stream is up: the first
 * answer is what the person waits for, and a refusal comes at once, as one event that a read
 * already on its way (the one a save makes) would overwrite; the panel does not dial a refused
 * password again, so no later event would put it right.
 */
export const RCON_CONNECTING_POLL_MS = 2_000;

/**
 * The panel's RCON connection to a server, polled while one is saved and the live stream is down
 * (while connecting, always). `saved` is undefined while none is set (the API's null, which is then
 * not asked again until a save).
 */
export const useRconStatus = (serverId: string) => {
  // The interval depends on the last answer, which the query hook gives only after it is called.
  const last = serverApi.endpoints.getRcon.useQueryState(serverId);
  const lastSaved = last.data ?? undefined;
  const live = useAppSelector(selectLiveConnected);
  const pollingInterval = !lastSaved
    ? 0
    : lastSaved.state === 'connecting'
      ? RCON_CONNECTING_POLL_MS
      : live
        ? 0
        : RCON_POLL_MS;
  const query = useGetRconQuery(serverId, { pollingInterval });
  const saved = query.data ?? undefined;
  return { ...query, saved };
};
