import { api } from '@outpost/api-cache';
import { API_PATHS, type PlayerProfile } from '@outpost/contracts';

export type PlayerProfileArgs = { networkId: string; steamId: string };

export const playerProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlayerProfile: build.query<PlayerProfile, PlayerProfileArgs>({
      query: ({ networkId, steamId }) => ({
        url: API_PATHS.getPlayer.path(steamId),
        params: { networkId },
      }),
      providesTags: (_result, _error, { steamId }) => [{ type: 'Player', id: steamId }],
    }),
    /** The network's watch list (its player_joins rule): staff only (alerts.manage). */
    getWatchedPlayers: build.query<string[], string>({
      query: (networkId) => API_PATHS.getWatchedPlayers.path(networkId),
      providesTags: (_result, _error, networkId) => [{ type: 'AlertRule', id: networkId }],
    }),
    /** Watch (PUT) or stop watching (DELETE) a player: an alert when they join a server. */
    setPlayerWatched: build.mutation<void, PlayerProfileArgs & { watched: boolean }>({
      query: ({ networkId, steamId, watched }) =>
        (watched ? API_PATHS.watchPlayer : API_PATHS.unwatchPlayer).request(networkId, steamId),
      // The button turns at once; a refusal turns it back.
      async onQueryStarted({ networkId, steamId, watched }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          playerProfileApi.util.updateQueryData('getWatchedPlayers', networkId, (list) =>
            watched ? [...list.filter((id) => id !== steamId), steamId] : list.filter((id) => id !== steamId),
          ),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: (_result, _error, { networkId }) => [{ type: 'AlertRule', id: networkId }],
    }),
  }),
});

export const { useGetPlayerProfileQuery, useGetWatchedPlayersQuery, useSetPlayerWatchedMutation } =
  playerProfileApi;
