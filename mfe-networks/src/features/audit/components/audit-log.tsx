import { AUDIT_EXPORT_MAX_ROWS, type Server } from '@outpost/contracts';
import { useOlderPages } from '@outpost/api-cache';
import { MESSAGES } from '@outpost/validation';
import { Button, EmptyState, ErrorState, LoadOlder, NoMatches, Spinner } from '@outpost/ui';
import { useMemo, useState } from 'react';
import { downloadCsv } from '../../../shared/utils/download';
import { listErrorMessage } from '../../../shared/utils/error-message';
import { useExportNetworkAuditMutation, useGetNetworkAuditInfiniteQuery } from '../api/audit.api';
import {
  actorsOf,
  auditArgsOf,
  auditEntriesOf,
  hasAuditFilters,
  NO_AUDIT_FILTERS,
  type AuditFilterState,
} from '../utils/audit-filters';
import { AuditFiltersBar } from './audit-filters-bar';
import { AuditTable } from './audit-table';

export type AuditLogProps = {
  networkId: string;
  /** Only this server's entries (its own area); the whole network without it. */
  serverId?: string;
  /** Names servers in the details (moderation on a server). */
  servers?: readonly Server[];
  label: string;
};

/** Who did what, newest first, with filters, "Load older" and a CSV export of the same filters. */
export const AuditLog = ({ networkId, serverId, servers, label }: AuditLogProps) => {
  const [filters, setFilters] = useState<AuditFilterState>(NO_AUDIT_FILTERS);
  const badRange = filters.from !== '' && filters.to !== '' && filters.from > filters.to;
  const args = useMemo(() => auditArgsOf(networkId, serverId, filters), [networkId, serverId, filters]);
  const query = useGetNetworkAuditInfiniteQuery(args, { skip: badRange });
  const [exportCsv, exported] = useExportNetworkAuditMutation();
  const { items: entries, older } = useOlderPages(query, auditEntriesOf);
  const change = (changes: Partial<AuditFilterState>) => {
    if (changes.actorId) setActorName(entries.find((e) => e.actorId === changes.actorId)?.actorName ?? '');
    setFilters((current) => ({ ...current, ...changes }));
  };
  // Who acted in what was read (removed members too: their entries stay); the chosen one stays listed.
  const [actorName, setActorName] = useState('');
  const actors = actorsOf(entries, filters.actorId ? { id: filters.actorId, name: actorName } : undefined);
  // Only once the servers are read: until then a server the list lacks is not yet "deleted".
  const serverName = servers ? (id: string) => servers.find((server) => server.id === id)?.name : undefined;

  const onExport = async () => {
    const result = await exportCsv(args);
    if ('data' in result && typeof result.data === 'string')
      downloadCsv(result.data, `audit-${serverId ?? networkId}.csv`);
  };

  let results;
  if (badRange) results = <EmptyState title="Nothing to show" message={MESSAGES.auditRange} />;
  else if (!query.currentData && (query.isLoading || query.isFetching))
    results = <Spinner label="Loading audit log…" showLabel />;
  else if (!query.currentData)
    results = (
      <ErrorState
        title="Failed to load the audit log"
        message={listErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  else if (entries.length === 0)
    results = hasAuditFilters(filters) ? (
      <NoMatches
        title="No entries match these filters"
        message="Try another actor or action, or a wider time range."
        onClear={() => setFilters(NO_AUDIT_FILTERS)}
      />
    ) : (
      <EmptyState
        title="No audit entries yet"
        message="Changes by the staff (servers, members, invites, moderation, console commands) are recorded here."
      />
    );
  else
    results = (
      <>
        <AuditTable entries={entries} label={label} serverName={serverName} />
        <LoadOlder {...older} noun="entries" errorText={listErrorMessage} />
      </>
    );

  return (
    <div className="net-audit">
      <div className="net-audit__bar">
        <AuditFiltersBar filters={filters} onChange={change} actors={actors} />
        <Button
          variant="secondary"
          size="sm"
          disabled={badRange || exported.isLoading}
          title={`The newest ${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en')} entries that match at most`}
          onClick={() => void onExport()}
        >
          {exported.isLoading ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>
      {exported.isError && (
        <p role="alert" className="net-error">
          Export failed: {listErrorMessage(exported.error)}
        </p>
      )}
      {results}
    </div>
  );
};
