import { api, olderPages, onLiveEvent } from '@outpost/api-cache';
import { API_PATHS, type LiveLogEntry, type LogEntry, type LogsResponse } from '@outpost/contracts';
import {
  logsQueryParams,
  prependLogEntry,
  type NetworkLogsArgs,
  type ServerLogsArgs,
} from '../utils/log-filters';

export type { LogFilters, NetworkLogsArgs, ServerLogsArgs } from '../utils/log-filters';

/**
 * The Logs timelines. Each cache entry is keyed by its arguments (the filters, see LogFilters)
 * and holds `{pages, pageParams}`, newest page first; "Load older" appends a page.
 */
export const logsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getServerLogs: build.infiniteQuery<LogsResponse, ServerLogsArgs, string | null>({
      infiniteQueryOptions: olderPages,
      query: ({ queryArg: { serverId, ...filters }, pageParam }) => ({
        url: API_PATHS.getServerLogs.path(serverId),
        params: { ...logsQueryParams(filters), before: pageParam },
      }),
      providesTags: (_result, _error, { serverId }) => [
        { type: 'Logs', id: 'LIST' },
        { type: 'Logs', id: serverId },
      ],
    }),
    getNetworkLogs: build.infiniteQuery<LogsResponse, NetworkLogsArgs, string | null>({
      infiniteQueryOptions: olderPages,
      query: ({ queryArg: { networkId, serverId, ...filters }, pageParam }) => ({
        url: API_PATHS.getNetworkLogs.path(networkId),
        params: { ...logsQueryParams(filters), serverId, before: pageParam },
      }),
      providesTags: (_result, _error, { networkId }) => [
        { type: 'Logs', id: 'LIST' },
        { type: 'Logs', id: networkId },
      ],
    }),
  }),
});

export const { useGetServerLogsInfiniteQuery, useGetNetworkLogsInfiniteQuery } = logsApi;

/**
 * For the live stream (a `log.entry` event): the cached timelines it may join, by endpoint (a
 * server's, whatever its filters; its network's, every server or this one). The entry itself is
 * checked against each timeline's filters by addLiveLogEntry.
 */
export const LIVE_LOG_TIMELINES = {
  getServerLogs: (args: ServerLogsArgs, event: LiveLogEntry) => args.serverId === event.serverId,
  getNetworkLogs: (args: NetworkLogsArgs, event: LiveLogEntry) => args.networkId === event.networkId,
} as const;

/**
 * The update of one cached timeline, for each args of `api.util.selectCachedArgsForQuery(state,
 * endpoint)` that LIVE_LOG_TIMELINES accepts:
 * `api.util.updateQueryData(endpoint, args, addLiveLogEntry(event.entry, args))`. The timeline
 * shows the line on top, or holds it behind its "N new" pill while the reader is further down.
 */
export const addLiveLogEntry =
  (entry: LogEntry, args: ServerLogsArgs | NetworkLogsArgs) =>
  (draft: { pages: LogsResponse[] }): void => {
    draft.pages = prependLogEntry(draft.pages, entry, args);
  };

// Live: a new line joins every cached timeline it belongs to (on top, or behind the "N new" pill).
onLiveEvent('log.entry', (event, { dispatch, getState }) => {
  for (const args of logsApi.util.selectCachedArgsForQuery(getState(), 'getServerLogs'))
    if (LIVE_LOG_TIMELINES.getServerLogs(args, event))
      dispatch(logsApi.util.updateQueryData('getServerLogs', args, addLiveLogEntry(event.entry, args)));
  for (const args of logsApi.util.selectCachedArgsForQuery(getState(), 'getNetworkLogs'))
    if (LIVE_LOG_TIMELINES.getNetworkLogs(args, event))
      dispatch(logsApi.util.updateQueryData('getNetworkLogs', args, addLiveLogEntry(event.entry, args)));
});
