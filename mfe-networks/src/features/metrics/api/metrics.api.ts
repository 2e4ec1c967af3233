import { api, onLiveEvent, type LiveDispatch } from '@outpost/api-cache';
import { API_PATHS, type MetricRange, type NetworkMetrics, type ServerMetrics } from '@outpost/contracts';

/** No range: the one that fits the server's history (the answer's `range` names it). */
export type ServerMetricsArgs = { serverId: string; range?: MetricRange };
export type NetworkMetricsArgs = { networkId: string; range: MetricRange };

/**
 * A server's and a network's figures over a range. History is read, never patched: the live
 * stream only says that something changed (see below), and the range is read again.
 */
export const metricsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getServerMetrics: build.query<ServerMetrics, ServerMetricsArgs>({
      query: ({ serverId, range }) => ({ url: API_PATHS.getServerMetrics.path(serverId), params: { range } }),
    }),
    getNetworkMetrics: build.query<NetworkMetrics, NetworkMetricsArgs>({
      query: ({ networkId, range }) => ({
        url: API_PATHS.getNetworkMetrics.path(networkId),
        params: { range },
      }),
    }),
    /** The same range as CSV (text; a mutation, so nothing is cached). */
    exportServerMetrics: build.mutation<string, ServerMetricsArgs>({
      query: ({ serverId, range }) => ({
        url: API_PATHS.getServerMetrics.path(serverId),
        params: { range, format: 'csv' },
      }),
    }),
    exportNetworkMetrics: build.mutation<string, NetworkMetricsArgs>({
      query: ({ networkId, range }) => ({
        url: API_PATHS.getNetworkMetrics.path(networkId),
        params: { range, format: 'csv' },
      }),
    }),
  }),
});

export const {
  useGetServerMetricsQuery,
  useGetNetworkMetricsQuery,
  useExportServerMetricsMutation,
  useExportNetworkMetricsMutation,
} = metricsApi;

/** A first read again this long after the event that asked for it: a burst of reports reads once. */
export const METRICS_REFETCH_DEBOUNCE_MS = 2_000;
/** At most one read of a range per this long, however often its servers report. */
export const METRICS_REFETCH_MIN_INTERVAL_MS = 30_000;

const lastRead = new Map<string, number>();
const waiting = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Reads a cached range again soon: after the debounce, and no sooner than the minimum interval
 * after its last live read. Every heartbeat sends `server.status`; charts of minute buckets need
 * no more than this.
 */
const refetchSoon = (key: string, read: () => void): void => {
  if (waiting.has(key)) return;
  const now = Date.now();
  const earliest = (lastRead.get(key) ?? 0) + METRICS_REFETCH_MIN_INTERVAL_MS;
  const delay = Math.max(METRICS_REFETCH_DEBOUNCE_MS, earliest - now);
  waiting.set(
    key,
    setTimeout(() => {
      waiting.delete(key);
      lastRead.set(key, Date.now());
      read();
    }, delay),
  );
};

/** Reads a range again if a screen still shows it (a forced read that holds no subscription). */
const readServerAgain = (dispatch: LiveDispatch, args: ServerMetricsArgs) =>
  dispatch(metricsApi.endpoints.getServerMetrics.initiate(args, { subscribe: false, forceRefetch: true }));
const readNetworkAgain = (dispatch: LiveDispatch, args: NetworkMetricsArgs) =>
  dispatch(metricsApi.endpoints.getNetworkMetrics.initiate(args, { subscribe: false, forceRefetch: true }));

// Live: a server's report or change of status moves its charts and its network's; each cached
// range of them is read again, debounced and at most every 30 s.
onLiveEvent('server.status', ({ serverId, networkId }, { dispatch, getState }) => {
  for (const args of metricsApi.util.selectCachedArgsForQuery(getState(), 'getServerMetrics'))
    if (args.serverId === serverId)
      refetchSoon(`server:${args.serverId}:${args.range ?? 'fitting'}`, () =>
        readServerAgain(dispatch, args),
      );
  for (const args of metricsApi.util.selectCachedArgsForQuery(getState(), 'getNetworkMetrics'))
    if (args.networkId === networkId)
      refetchSoon(`network:${args.networkId}:${args.range}`, () => readNetworkAgain(dispatch, args));
});
