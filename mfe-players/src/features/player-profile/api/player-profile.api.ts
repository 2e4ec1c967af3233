import { api } from '@outpost/api-cache';
import type { PlayerProfile } from '@outpost/contracts';

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
  }),
});

export const { useGetPlayerProfileQuery } = playerProfileApi;
