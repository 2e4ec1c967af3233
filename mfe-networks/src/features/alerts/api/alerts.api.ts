import { api, invalidateSoon, olderPages, onLiveEvent } from '@outpost/api-cache';
import type {
  AlertChannel,
  AlertChannelInput,
  AlertDelivery,
  AlertRule,
  AlertRuleInput,
  AlertsResponse,
  AlertState,
  CreatedAlertChannel,
} from '@outpost/contracts';

const enc = encodeURIComponent;

/** A network's alerts, or one server's, optionally firing or resolved only. */
export type NetworkAlertsArgs = { networkId: string; serverId?: string; state?: AlertState };

type NetworkArg = { networkId: string };

/**
 * Alert rules, channels and the history of fired alerts (owner and admin change rules and
 * channels; every member reads the history). The history is read page by page, newest first;
 * `alert.changed` on the live stream reads it again (below).
 */
export const alertsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAlertRules: build.query<AlertRule[], string>({
      query: (networkId) => `/api/networks/${enc(networkId)}/alert-rules`,
      providesTags: (_result, _error, networkId) => [{ type: 'AlertRule', id: networkId }],
    }),
    createAlertRule: build.mutation<AlertRule, NetworkArg & { rule: AlertRuleInput }>({
      query: ({ networkId, rule }) => ({
        url: `/api/networks/${enc(networkId)}/alert-rules`,
        method: 'POST',
        body: rule,
      }),
      invalidatesTags: (_result, error, { networkId }) =>
        error ? [] : [{ type: 'AlertRule', id: networkId }],
    }),
    updateAlertRule: build.mutation<
      AlertRule,
      NetworkArg & { ruleId: string; changes: Partial<AlertRuleInput> }
    >({
      query: ({ networkId, ruleId, changes }) => ({
        url: `/api/networks/${enc(networkId)}/alert-rules/${enc(ruleId)}`,
        method: 'PATCH',
        body: changes,
      }),
      invalidatesTags: (_result, error, { networkId }) =>
        error ? [] : [{ type: 'AlertRule', id: networkId }],
    }),
    deleteAlertRule: build.mutation<void, NetworkArg & { ruleId: string }>({
      query: ({ networkId, ruleId }) => ({
        url: `/api/networks/${enc(networkId)}/alert-rules/${enc(ruleId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, error, { networkId }) =>
        error ? [] : [{ type: 'AlertRule', id: networkId }],
    }),
    getAlertChannels: build.query<AlertChannel[], string>({
      query: (networkId) => `/api/networks/${enc(networkId)}/alert-channels`,
      providesTags: (_result, _error, networkId) => [{ type: 'AlertChannel', id: networkId }],
    }),
    /** A generic webhook's answer carries its signing secret, this once. */
    createAlertChannel: build.mutation<CreatedAlertChannel, NetworkArg & { channel: AlertChannelInput }>({
      query: ({ networkId, channel }) => ({
        url: `/api/networks/${enc(networkId)}/alert-channels`,
        method: 'POST',
        body: channel,
      }),
      invalidatesTags: (_result, error, { networkId }) =>
        error ? [] : [{ type: 'AlertChannel', id: networkId }],
    }),
    updateAlertChannel: build.mutation<
      AlertChannel,
      NetworkArg & { channelId: string; changes: Partial<AlertChannelInput> }
    >({
      query: ({ networkId, channelId, changes }) => ({
        url: `/api/networks/${enc(networkId)}/alert-channels/${enc(channelId)}`,
        method: 'PATCH',
        body: changes,
      }),
      invalidatesTags: (_result, error, { networkId }) =>
        error ? [] : [{ type: 'AlertChannel', id: networkId }],
    }),
    deleteAlertChannel: build.mutation<void, NetworkArg & { channelId: string }>({
      query: ({ networkId, channelId }) => ({
        url: `/api/networks/${enc(networkId)}/alert-channels/${enc(channelId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, error, { networkId }) =>
        error ? [] : [{ type: 'AlertChannel', id: networkId }],
    }),
    /** "Send test": the test delivery, with its outcome when the API learnt it in time, else pending. */
    sendAlertChannelTest: build.mutation<AlertDelivery, NetworkArg & { channelId: string }>({
      query: ({ networkId, channelId }) => ({
        url: `/api/networks/${enc(networkId)}/alert-channels/${enc(channelId)}/test`,
        method: 'POST',
      }),
    }),
    getNetworkAlerts: build.infiniteQuery<AlertsResponse, NetworkAlertsArgs, string | null>({
      infiniteQueryOptions: olderPages,
      query: ({ queryArg: { networkId, serverId, state }, pageParam }) => ({
        url: `/api/networks/${enc(networkId)}/alerts`,
        params: { serverId, state, before: pageParam ?? undefined },
      }),
      providesTags: (result) => [
        { type: 'Alert', id: 'LIST' },
        ...(result?.pages.flatMap((page) =>
          page.alerts.map((alert) => ({ type: 'Alert' as const, id: alert.id })),
        ) ?? []),
      ],
    }),
  }),
});

export const {
  useGetAlertRulesQuery,
  useCreateAlertRuleMutation,
  useUpdateAlertRuleMutation,
  useDeleteAlertRuleMutation,
  useGetAlertChannelsQuery,
  useCreateAlertChannelMutation,
  useUpdateAlertChannelMutation,
  useDeleteAlertChannelMutation,
  useSendAlertChannelTestMutation,
  useGetNetworkAlertsInfiniteQuery,
} = alertsApi;

// An alert fired, resolved, reopened or one of its deliveries moved on: the histories (paged and
// filtered on the server, so never patched in place) are read again, at most once per burst.
onLiveEvent('alert.changed', ({ alert }, { dispatch }) =>
  invalidateSoon(dispatch, [
    { type: 'Alert', id: 'LIST' },
    { type: 'Alert', id: alert.id },
  ]),
);
