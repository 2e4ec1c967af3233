// The F7 reports inbox of a server or of the network: the list (with the new-report count), a
// report's state and assignee, its note thread, and who may be assigned.
import { api, olderPages } from '@outpost/api-cache';
import {
  API_PATHS,
  type AddReportNoteRequest,
  type ReportItem,
  type ReportRawResponse,
  type ReportsResponse,
  type ReportState,
  type UpdateReportRequest,
} from '@outpost/contracts';
import { listUrl, type ListOwner } from '../../../shared/utils/list-owner';

export type ReportsArgs = ListOwner & { state?: ReportState };
export type UpdateReportArgs = { reportId: string; changes: UpdateReportRequest };
export type AddReportNoteArgs = { reportId: string } & AddReportNoteRequest;

const blobToDataUrl = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The screenshot could not be read'));
    reader.readAsDataURL(blob);
  });

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
        ...API_PATHS.updateReport.request(reportId),
        body: changes,
      }),
      invalidatesTags: (_result, error, { reportId }) => (error ? [] : [...reportTags(reportId)]),
    }),
    addReportNote: build.mutation<unknown, AddReportNoteArgs>({
      query: ({ reportId, text }) => ({
        ...API_PATHS.addReportNote.request(reportId),
        body: { text },
      }),
      invalidatesTags: (_result, error, { reportId }) => (error ? [] : [...reportTags(reportId)]),
    }),
    /** The screenshot the game sent with a report, as a data URL (kept briefly: it can be 1 MB). */
    getReportScreenshot: build.query<string, string>({
      query: (reportId) => API_PATHS.getReportScreenshot.path(reportId),
      transformResponse: (image: Blob) => blobToDataUrl(image),
      keepUnusedDataFor: 30,
    }),
    /** What the game's reports URL was sent, for a person to read. */
    getReportRaw: build.query<ReportRawResponse, string>({
      query: (reportId) => API_PATHS.getReportRaw.path(reportId),
      keepUnusedDataFor: 30,
    }),
  }),
});

export const {
  useGetReportsInfiniteQuery,
  useUpdateReportMutation,
  useAddReportNoteMutation,
  useGetReportScreenshotQuery,
  useGetReportRawQuery,
} = reportsApi;
