import { api, olderPages } from '@outpost/api-cache';
import { API_PATHS, type AuditListResponse } from '@outpost/contracts';
import { auditQueryParams, type AuditLogArgs } from '../utils/audit-filters';

export type { AuditLogArgs } from '../utils/audit-filters';

/**
 * A network's audit log (optionally one server's entries), newest first. Each cache entry is
 * keyed by its filters and holds `{pages, pageParams}`; "Load older" appends the page after the
 * last one's nextCursor. Live `audit.entry` events invalidate 'Audit' (libs/api-cache/live.ts).
 */
export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNetworkAudit: build.infiniteQuery<AuditListResponse, AuditLogArgs, string | null>({
      infiniteQueryOptions: olderPages,
      query: ({ queryArg: { networkId, ...filters }, pageParam }) => ({
        url: API_PATHS.getAuditLog.path(networkId),
        params: { ...auditQueryParams(filters), cursor: pageParam },
      }),
      providesTags: (_result, _error, { networkId }) => [
        { type: 'Audit', id: 'LIST' },
        { type: 'Audit', id: networkId },
      ],
    }),
    /** The CSV export of the same filters (text; a mutation, so nothing is cached). */
    exportNetworkAudit: build.mutation<string, AuditLogArgs>({
      query: ({ networkId, ...filters }) => ({
        url: API_PATHS.exportAuditLog.path(networkId),
        params: auditQueryParams(filters),
      }),
    }),
  }),
});

export const { useGetNetworkAuditInfiniteQuery, useExportNetworkAuditMutation } = auditApi;
