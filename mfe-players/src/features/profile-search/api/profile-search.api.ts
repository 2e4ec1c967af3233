// The Player Profile area's search: the network's players matching a name, Steam ID (or IP, for
// those who may see IPs), as the players list answers them.
import { api } from '@outpost/api-cache';
import { API_PATHS, type PlayersListResponse } from '@outpost/contracts';

export type SearchPlayersArgs = { networkId: string; search: string };

/** Matches shown at once; a narrower search finds the rest. */
export const PROFILE_SEARCH_LIMIT = 10;

export const profileSearchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchPlayers: build.query<PlayersListResponse, SearchPlayersArgs>({
      query: ({ networkId, search }) => ({
        url: API_PATHS.getPlayers.path(),
        params: { networkId, search, limit: PROFILE_SEARCH_LIMIT, sortBy: 'lastSeen', sortOrder: 'desc' },
      }),
      providesTags: [{ type: 'Player', id: 'LIST' }],
    }),
  }),
});

export const { useSearchPlayersQuery } = profileSearchApi;
