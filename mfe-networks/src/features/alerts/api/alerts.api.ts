import { api, invalidateSoon, olderPages, onLiveEvent } from '@outpost/api-cache';
import {
  API_PATHS,
  type AlertChannel,
  type AlertChannelInput,
  type AlertDelivery,
  type AlertRule,
  type AlertRuleInput,
  type AlertsResponse,
  type AlertState,
  type CreatedAlertChannel,
} from '@outpost/contracts';

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
      query: (networkId) => API_PATHS.getAlertRules.path(networkId),
      providesTags: (_result, _error, networkId) => [{ type: 'AlertRule', id: networkId }],
    }),
    createAlertRule: build.mutation<AlertRule, NetworkArg & { rule: AlertRuleInput }>({
      query: ({ networkId, rule }) => ({
        ...API_PATHS.createAlertRule.request(networkId),
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
        ...API_PATHS.updateAlertRule.request(networkId, ruleId),
        body: changes,
      }),
      invalidatesTags: (_result, error, { networkId }) =>
        error ? [] : [{ type: 'AlertRule', id: networkId }],
    }),
    deleteAlertRule: build.mutation<void, NetworkArg & { ruleId: string }>({
      query: ({ networkId, ruleId }) => API_PATHS.deleteAlertRule.request(networkId, ruleId),
      invalidatesTags: (_result, error, { networkId }) =>
        error ? [] : [{ type: 'AlertRule', id: networkId }],
    }),
    /** A generic webhook's answer carries its signing secret, this once. */
    createAlertChannel: build.mutation<CreatedAlertChannel, NetworkArg & { channel: AlertChannelInput }>({
      query: ({ networkId, channel }) => ({
        ...API_PATHS.createAlertChannel.request(networkId),
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
        ...API_PATHS.updateAlertChannel.request(networkId, channelId),
        body: changes,
      }),
      invalidatesTags: (_result, error, { networkId }) =>
        error ? [] : [{ type: 'AlertChannel', id: networkId }],
    }),
    /** The rules that named the channel lose it (a rule left with none sends to every channel). */
    deleteAlertChannel: build.mutation<void, NetworkArg & { channelId: string }>({
      query: ({ networkId, channelId }) => API_PATHS.deleteAlertChannel.request(networkId, channelId),
      invalidatesTags: (_result, error, { networkId }) =>
        error
          ? []
          : [
              { type: 'AlertChannel', id: networkId },
              { type: 'AlertRule', id: networkId },
            ],
    }),
    /** "Send test": the test delivery, with its outcome when the API learnt it in time, else pending. */
    sendAlertChannelTest: build.mutation<AlertDelivery, NetworkArg & { channelId: string }>({
      query: ({ networkId, channelId }) => API_PATHS.testAlertChannel.request(networkId, channelId),
    }),
    getNetworkAlerts: build.infiniteQuery<AlertsResponse, NetworkAlertsArgs, string | null>({
      infiniteQueryOptions: olderPages,
      query: ({ queryArg: { networkId, serverId, state }, pageParam }) => ({
        url: API_PATHS.getAlerts.path(networkId),
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
  useCreateAlertChannelMutation,
  useUpdateAlertChannelMutation,
  useDeleteAlertChannelMutation,
  useSendAlertChannelTestMutation,
  useGetNetworkAlertsInfiniteQuery,
} = alertsApi;

/** The channels are read by the automation feature too, so their read lives in the app's shared api. */
export { useGetAlertChannelsQuery } from '../../../shared/api/alert-channels.api';

// An alert fired, resolved, reopened or one of its deliveries moved on: the histories (paged and
// filtered on the server, so never patched in place) are read again, at most once per burst.
onLiveEvent('alert.changed', ({ alert }, { dispatch }) =>
  invalidateSoon(dispatch, [
    { type: 'Alert', id: 'LIST' },
    { type: 'Alert', id: alert.id },
  ]),
);
