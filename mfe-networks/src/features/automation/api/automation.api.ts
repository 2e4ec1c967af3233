import { api, invalidateSoon, olderPages, onLiveEvent } from '@outpost/api-cache';
import {
  API_PATHS,
  type Automation,
  type AutomationInput,
  type AutomationRunsPage,
  type AutomationTemplate,
  type DryRunResponse,
  type RunAutomationResponse,
} from '@outpost/contracts';

type NetworkArg = { networkId: string };
export type AutomationArgs = NetworkArg & { automationId: string };

/** Runs a page of the history holds (the API's default). */
export const RUNS_PAGE_SIZE = 25;

/**
 * A network's automations (Premium): owner and admin manage them (automation.manage), moderators
 * read the list and the runs (automation.view). A run's progress arrives as `automation.run` on
 * the live stream, which reads the history and the list's last run again (below).
 */
export const automationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAutomations: build.query<Automation[], string>({
      query: (networkId) => API_PATHS.getAutomations.path(networkId),
      providesTags: (result) => [
        { type: 'Automation', id: 'LIST' },
        ...(result ?? []).map((automation) => ({ type: 'Automation' as const, id: automation.id })),
      ],
    }),
    createAutomation: build.mutation<Automation, NetworkArg & { automation: AutomationInput }>({
      query: ({ networkId, automation }) => ({
        ...API_PATHS.createAutomation.request(networkId),
        body: automation,
      }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Automation', id: 'LIST' }]),
    }),
    updateAutomation: build.mutation<Automation, AutomationArgs & { changes: Partial<AutomationInput> }>({
      query: ({ networkId, automationId, changes }) => ({
        ...API_PATHS.updateAutomation.request(networkId, automationId),
        body: changes,
      }),
      invalidatesTags: (_result, error, { automationId }) =>
        error ? [] : [{ type: 'Automation', id: automationId }],
    }),
    deleteAutomation: build.mutation<void, AutomationArgs>({
      query: ({ networkId, automationId }) => API_PATHS.deleteAutomation.request(networkId, automationId),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Automation', id: 'LIST' }]),
    }),
    /** "Run now" (schedules): 202 with the run it started, which the history then shows. */
    runAutomation: build.mutation<RunAutomationResponse, AutomationArgs>({
      query: ({ networkId, automationId }) => API_PATHS.runAutomation.request(networkId, automationId),
      invalidatesTags: (_result, error, { automationId }) =>
        error
          ? []
          : [
              { type: 'Automation', id: automationId },
              { type: 'AutomationRun', id: automationId },
            ],
    }),
    /** "Dry run" (triggers): the last 24 h of the servers' events replayed; nothing is acted on. */
    dryRunAutomation: build.mutation<DryRunResponse, AutomationArgs>({
      query: ({ networkId, automationId }) => API_PATHS.dryRunAutomation.request(networkId, automationId),
    }),
    getAutomationRuns: build.infiniteQuery<AutomationRunsPage, AutomationArgs, string | null>({
      infiniteQueryOptions: olderPages,
      query: ({ queryArg: { networkId, automationId }, pageParam }) => ({
        url: API_PATHS.getAutomationRuns.path(networkId, automationId),
        params: { limit: RUNS_PAGE_SIZE, cursor: pageParam ?? undefined },
      }),
      providesTags: (_result, _error, { automationId }) => [{ type: 'AutomationRun', id: automationId }],
    }),
    getAutomationTemplates: build.query<AutomationTemplate[], string>({
      query: (networkId) => API_PATHS.getAutomationTemplates.path(networkId),
    }),
  }),
});

export const {
  useGetAutomationsQuery,
  useCreateAutomationMutation,
  useUpdateAutomationMutation,
  useDeleteAutomationMutation,
  useRunAutomationMutation,
  useDryRunAutomationMutation,
  useGetAutomationRunsInfiniteQuery,
  useGetAutomationTemplatesQuery,
} = automationApi;

// A run began, moved on or ended: its automation's history (paged on the server, so never patched
// in place) and its last run in the list are read again, at most once per burst.
onLiveEvent('automation.run', ({ automationId }, { dispatch }) =>
  invalidateSoon(dispatch, [
    { type: 'AutomationRun', id: automationId },
    { type: 'Automation', id: automationId },
  ]),
);
