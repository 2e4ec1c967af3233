import { api, invalidateSoon, onLiveEvent } from '@outpost/api-cache';
import { API_PATHS, type DashboardActivity, type DashboardSummary } from '@outpost/contracts';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboardSummary: build.query<DashboardSummary, void>({
      query: () => API_PATHS.getDashboardSummary.path(),
      providesTags: ['Dashboard', { type: 'Network', id: 'LIST' }],
    }),
    /** Recent Activity: what each of the user's networks lets them see of its audit log. */
    getDashboardActivity: build.query<DashboardActivity, void>({
      query: () => API_PATHS.getDashboardActivity.path(),
      providesTags: ['Dashboard', { type: 'Audit', id: 'LIST' }, { type: 'Network', id: 'LIST' }],
    }),
  }),
});

export const { useGetDashboardSummaryQuery, useGetDashboardActivityQuery } = dashboardApi;

// Live: the summary's online players and servers change when players come and go or a server stops.
for (const type of ['player.joined', 'player.left'] as const)
  onLiveEvent(type, (_event, { dispatch }) => invalidateSoon(dispatch, ['Dashboard']));
onLiveEvent('server.status', (event, { dispatch }) => {
  if (event.status === 'offline') invalidateSoon(dispatch, ['Dashboard']);
});
