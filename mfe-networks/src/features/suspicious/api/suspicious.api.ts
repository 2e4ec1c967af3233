import { api, invalidateSoon, onLiveEvent } from '@outpost/api-cache';
import type {
  SuspiciousList,
  SuspiciousPlayer,
  SuspiciousReviewRequest,
  SuspiciousSettings,
} from '@outpost/contracts';

const enc = encodeURIComponent;

export type SuspiciousReviewArgs = SuspiciousReviewRequest & {
  networkId: string;
  steamId: string;
  action: 'dismiss' | 'flag';
};

/**
 * A server's suspicious-activity list, the network's weights, and Dismiss / Flag. The score is
 * computed when read: the list is read again when a review or the weights change, and when a
 * report or a punishment of the network arrives on the live stream (below).
 */
export const suspiciousApi = api.injectEndpoints({
  endpoints: (build) => ({
    getServerSuspicious: build.query<SuspiciousList, { networkId: string; serverId: string }>({
      query: ({ serverId }) => `/api/servers/${enc(serverId)}/suspicious`,
      providesTags: (_result, _error, { networkId }) => [{ type: 'Suspicious', id: networkId }],
    }),
    getSuspiciousSettings: build.query<SuspiciousSettings, string>({
      query: (networkId) => `/api/networks/${enc(networkId)}/suspicious/settings`,
      providesTags: (_result, _error, networkId) => [{ type: 'Suspicious', id: networkId }],
    }),
    updateSuspiciousSettings: build.mutation<
      SuspiciousSettings,
      { networkId: string; settings: SuspiciousSettings }
    >({
      query: ({ networkId, settings }) => ({
        url: `/api/networks/${enc(networkId)}/suspicious/settings`,
        method: 'PUT',
        body: settings,
      }),
      invalidatesTags: (_result, error, { networkId }) =>
        error ? [] : [{ type: 'Suspicious', id: networkId }],
    }),
    reviewSuspiciousPlayer: build.mutation<SuspiciousPlayer, SuspiciousReviewArgs>({
      query: ({ networkId, steamId, action, note }) => ({
        url: `/api/networks/${enc(networkId)}/suspicious/${enc(steamId)}/${action}`,
        method: 'POST',
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
