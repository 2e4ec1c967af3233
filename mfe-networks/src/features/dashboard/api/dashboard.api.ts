import { api } from '@outpost/api-cache';
import type { DashboardSummary } from '@outpost/contracts';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboardSummary: build.query<DashboardSummary, void>({
      query: () => '/api/dashboard/summary',
      providesTags: ['Dashboard', { type: 'Network', id: 'LIST' }],
    }),
  }),
});

export const { useGetDashboardSummaryQuery } = dashboardApi;
