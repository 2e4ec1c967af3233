// The players list. The servers, the viewer's role and moderation are shared with the other
// features (src/shared/api).
import { api, invalidateSoon, onLiveEvent } from '@outpost/api-cache';
import { API_PATHS, type PlayersListResponse, type PlayersQuery } from '@outpost/contracts';

export const playerListApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlayers: build.query<PlayersListResponse, PlayersQuery>({
      // Empty values (no server, no search) are left out of the query string by the base query.
      query: (params) => ({ url: API_PATHS.getPlayers.path(), params }),
      providesTags: (result) => [
        { type: 'Player', id: 'LIST' },
        ...(result?.players ?? []).map((player) => ({ type: 'Player' as const, id: player.steamId })),
      ],
    }),
  }),
});

export const { useGetPlayersQuery } = playerListApi;

// Live: the table is read again when players come or go (it is sorted and paged on the server, so
// it cannot be patched in place).
for (const type of ['player.joined', 'player.left'] as const)
  onLiveEvent(type, (_event, { dispatch }) => invalidateSoon(dispatch, [{ type: 'Player', id: 'LIST' }]));
