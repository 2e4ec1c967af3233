import { api, invalidateSoon, onLiveEvent } from '@outpost/api-cache';
import {
  API_PATHS,
  type SuspiciousList,
  type SuspiciousPlayer,
  type SuspiciousReviewRequest,
  type SuspiciousSettings,
} from '@outpost/contracts';

export type SuspiciousReviewArgs = SuspiciousReviewRequest & {
  networkId: string;
  steamId: string;
  action: 'dismiss' | 'flag';
};

/** Dismiss and Flag are routes of their own on the API. */
const REVIEW_ROUTES = {
  dismiss: API_PATHS.dismissSuspiciousPlayer,
  flag: API_PATHS.flagSuspiciousPlayer,
} as const satisfies Record<SuspiciousReviewArgs['action'], unknown>;

/**
 * A server's suspicious-activity list, the network's weights, and Dismiss / Flag. The score is
 * computed when read: the list is read again when a review or the weights change, and when a
 * report or a punishment of the network arrives on the live stream (below).
 */
export const suspiciousApi = api.injectEndpoints({
  endpoints: (build) => ({
    getServerSuspicious: build.query<SuspiciousList, { networkId: string; serverId: string }>({
      query: ({ serverId }) => API_PATHS.getServerSuspicious.path(serverId),
      providesTags: (_result, _error, { networkId }) => [{ type: 'Suspicious', id: networkId }],
    }),
    getSuspiciousSettings: build.query<SuspiciousSettings, string>({
      query: (networkId) => API_PATHS.getSuspiciousSettings.path(networkId),
      providesTags: (_result, _error, networkId) => [{ type: 'Suspicious', id: networkId }],
    }),
    updateSuspiciousSettings: build.mutation<
      SuspiciousSettings,
      { networkId: string; settings: SuspiciousSettings }
    >({
      query: ({ networkId, settings }) => ({
        ...API_PATHS.updateSuspiciousSettings.request(networkId),
        body: settings,
      }),
      invalidatesTags: (_result, error, { networkId }) =>
        error ? [] : [{ type: 'Suspicious', id: networkId }],
    }),
    reviewSuspiciousPlayer: build.mutation<SuspiciousPlayer, SuspiciousReviewArgs>({
      query: ({ networkId, steamId, action, note }) => ({
        ...REVIEW_ROUTES[action].request(networkId, steamId),
        body: note ? { note } : {},
      }),
      invalidatesTags: (_result, error, { networkId }) =>
        error ? [] : [{ type: 'Suspicious', id: networkId }],
    }),
  }),
});

export const {
  useGetServerSuspiciousQuery,
  useGetSuspiciousSettingsQuery,
  useUpdateSuspiciousSettingsMutation,
  useReviewSuspiciousPlayerMutation,
} = suspiciousApi;

// New evidence: an F7 report arrived or was worked on, a player was banned or unbanned.
onLiveEvent('report.changed', ({ networkId }, { dispatch }) =>
  invalidateSoon(dispatch, [{ type: 'Suspicious', id: networkId }]),
);
onLiveEvent('punishment.changed', ({ networkId }, { dispatch }) =>
  invalidateSoon(dispatch, [{ type: 'Suspicious', id: networkId }]),
);
