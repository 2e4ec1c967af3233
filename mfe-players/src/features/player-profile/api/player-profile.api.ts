import { api } from '@outpost/api-cache';
import type { PlayerProfile } from '@outpost/contracts';

const enc = encodeURIComponent;

export type PlayerProfileArgs = { networkId: string; steamId: string };

export const playerProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlayerProfile: build.query<PlayerProfile, PlayerProfileArgs>({
      query: ({ networkId, steamId }) => ({
        url: `/api/players/${encodeURIComponent(steamId)}`,
        params: { networkId },
      }),
      providesTags: (_result, _error, { steamId }) => [{ type: 'Player', id: steamId }],
    }),
    /** The network's watch list (its player_joins rule): staff only (alerts.manage). */
    getWatchedPlayers: build.query<string[], string>({
      query: (networkId) => `/api/networks/${enc(networkId)}/alert-rules/watched-players`,
      providesTags: (_result, _error, networkId) => [{ type: 'AlertRule', id: networkId }],
    }),
    /** Watch (PUT) or stop watching (DELETE) a player: an alert when they join a server. */
    setPlayerWatched: build.mutation<void, PlayerProfileArgs & { watched: boolean }>({
      query: ({ networkId, steamId, watched }) => ({
        url: `/api/networks/${enc(networkId)}/alert-rules/watched-players/${enc(steamId)}`,
        method: watched ? 'PUT' : 'DELETE',
      }),
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
