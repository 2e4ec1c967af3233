import { api, onLiveEvent } from '@outpost/api-cache';
import {
  API_PATHS,
  type ConsoleEntry,
  type ConsoleResponse,
  type RunConsoleCommandRequest,
  type RunConsoleCommandResponse,
} from '@outpost/contracts';
import { CONSOLE_VIEW_MAX_ENTRIES, mergeConsoleEntries } from '../utils/console-lines';

export type RunConsoleCommandArgs = { serverId: string } & RunConsoleCommandRequest;

/** What the open console holds: every entry it has seen, oldest first, capped. */
export type ConsoleLog = { entries: ConsoleEntry[] };

/** Entries asked for on each refresh; older ones stay in the cache from earlier answers. */
export const CONSOLE_FETCH_LIMIT = 100;

export const consoleApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The newest entries, merged into what the console already shows: a refetch only ever asks
     * for the latest page, so a long session keeps its scrollback (up to the cap) and a command's
     * status and output update in place. The live stream adds entries as they come.
     */
    getConsoleEntries: build.query<ConsoleLog, string>({
      query: (serverId) => ({
        url: API_PATHS.getConsoleEntries.path(serverId),
        params: { limit: CONSOLE_FETCH_LIMIT },
      }),
      transformResponse: (response: ConsoleResponse) => ({ entries: [...response.entries].reverse() }),
      merge: (current, incoming) => {
        current.entries = mergeConsoleEntries(current.entries, incoming.entries, CONSOLE_VIEW_MAX_ENTRIES);
      },
      providesTags: (_result, _error, serverId) => [{ type: 'Console', id: serverId }],
    }),
    runConsoleCommand: build.mutation<RunConsoleCommandResponse, RunConsoleCommandArgs>({
      query: ({ serverId, command }) => ({
        ...API_PATHS.runConsoleCommand.request(serverId),
        body: { command },
      }),
      invalidatesTags: (_result, error, { serverId }) => (error ? [] : [{ type: 'Console', id: serverId }]),
    }),
  }),
});

export const { useGetConsoleEntriesQuery, useRunConsoleCommandMutation } = consoleApi;

// A console line, a typed command or its result: merged into the open console (by id, in time order).
onLiveEvent('console.entry', ({ serverId, entry }, { dispatch }) =>
  dispatch(
    consoleApi.util.updateQueryData('getConsoleEntries', serverId, (draft) => {
      draft.entries = mergeConsoleEntries(draft.entries, [entry], CONSOLE_VIEW_MAX_ENTRIES);
    }),
  ),
);
