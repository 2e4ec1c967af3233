import { api } from '@outpost/api-cache';
import {
  API_PATHS,
  type AddPlayerNoteRequest,
  type PlayerNote,
  type PlayerProfile,
} from '@outpost/contracts';

export type PlayerProfileArgs = { networkId: string; steamId: string };

/** The profile carries the notes: a change reads the player's profile again. */
const profileOf = (_result: unknown, _error: unknown, { steamId }: PlayerProfileArgs) => [
  { type: 'Player' as const, id: steamId },
];

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
    /** A note by hand on the player (players.moderate). */
    addPlayerNote: build.mutation<PlayerNote, PlayerProfileArgs & AddPlayerNoteRequest>({
      query: ({ networkId, steamId, text }) => ({
        ...API_PATHS.addPlayerNote.request(networkId, steamId),
        body: { text } satisfies AddPlayerNoteRequest,
      }),
      invalidatesTags: profileOf,
    }),
    /** Removes one of the player's notes, a person's or an automation's (players.moderate). */
    removePlayerNote: build.mutation<null, PlayerProfileArgs & { noteId: string }>({
      query: ({ networkId, steamId, noteId }) =>
        API_PATHS.removePlayerNote.request(networkId, steamId, noteId),
      invalidatesTags: profileOf,
    }),
  }),
});

export const {
  useGetPlayerProfileQuery,
  useGetWatchedPlayersQuery,
  useSetPlayerWatchedMutation,
  useAddPlayerNoteMutation,
  useRemovePlayerNoteMutation,
} = playerProfileApi;
