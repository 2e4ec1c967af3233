import { api } from '@outpost/api-client';
import type { PublicStats } from '@outpost/contracts';

export const landingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicStats: build.query<PublicStats, void>({ query: () => ({ url: '/api/public/stats' }) }),
  }),
});

export const { useGetPublicStatsQuery } = landingApi;
