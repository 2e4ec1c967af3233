// The F7 reports inbox of a server or of the network: the list (with the new-report count), a
// report's state and assignee, its note thread, and who may be assigned.
import { api } from '@outpost/api-cache';
import type {
  AddReportNoteRequest,
  Member,
  ReportItem,
  ReportsResponse,
  ReportState,
  UpdateReportRequest,
} from '@outpost/contracts';
import { listUrl, olderPages, type ListOwner } from '../utils/list-owner';

export type ReportsArgs = ListOwner & { state?: ReportState };
export type UpdateReportArgs = { reportId: string; changes: UpdateReportRequest };
export type AddReportNoteArgs = { reportId: string } & AddReportNoteRequest;

const reportTags = (reportId: string) =>
  [{ type: 'Report', id: 'LIST' }, { type: 'Report', id: reportId }, 'Audit'] as const;

/** Like the punishments: pages newest first; the live `report.changed` invalidates the LIST tag. */
export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReports: build.infiniteQuery<ReportsResponse, ReportsArgs, string | null>({
      infiniteQueryOptions: olderPages,
      query: ({ queryArg: { of, id, state }, pageParam }) => ({
        url: listUrl({ of, id }, 'reports'),
        params: { state, before: pageParam },
      }),
      providesTags: (result) => [
        { type: 'Report', id: 'LIST' },
        ...(result?.pages ?? []).flatMap((page) =>
          page.reports.map((report) => ({ type: 'Report' as const, id: report.id })),
        ),
      ],
    }),
    updateReport: build.mutation<ReportItem, UpdateReportArgs>({
      query: ({ reportId, changes }) => ({
        url: `/api/reports/${encodeURIComponent(reportId)}`,
        method: 'PATCH',
        body: changes,
      }),
      invalidatesTags: (_result, error, { reportId }) => (error ? [] : [...reportTags(reportId)]),
    }),
    addReportNote: build.mutation<unknown, AddReportNoteArgs>({
      query: ({ reportId, text }) => ({
        url: `/api/reports/${encodeURIComponent(reportId)}/notes`,
        method: 'POST',
        body: { text },
      }),
      invalidatesTags: (_result, error, { reportId }) => (error ? [] : [...reportTags(reportId)]),
    }),
    /** The network's members, for the assignee choice (the list needs members.view: staff only). */
    getReportAssignees: build.query<Member[], string>({
      query: (networkId) => `/api/networks/${encodeURIComponent(networkId)}/members`,
      providesTags: (result) => [
        { type: 'Member', id: 'LIST' },
        ...(result ?? []).map((member) => ({ type: 'Member' as const, id: member.id })),
      ],
    }),
  }),
});

export const {
  useGetReportsInfiniteQuery,
  useUpdateReportMutation,
  useAddReportNoteMutation,
  useGetReportAssigneesQuery,
} = reportsApi;
