import { itemsOfPages, useOlderPages, type OlderPagesQuery } from '@outpost/api-cache';
import {
  REPORT_STATE_LABELS,
  REPORT_STATES,
  type ReportsResponse,
  type ReportState,
} from '@outpost/contracts';
import { EmptyState, ErrorState, LoadOlder, NoMatches, SelectField, Spinner } from '@outpost/ui';
import { useState } from 'react';
import { apiErrorText } from '../../../shared/utils/api-error';
import { ReportsTable } from './reports-table';

const reportsOf = itemsOfPages('reports');

const STATE_OPTIONS = [
  { value: '', label: 'All states' },
  ...REPORT_STATES.map((state) => ({ value: state, label: REPORT_STATE_LABELS[state] })),
] as const;

/** What the reports' infinite query answers, as far as the panel needs it. */
export type ReportsQuery = OlderPagesQuery<ReportsResponse> & {
  isLoading: boolean;
  refetch: () => unknown;
};

export type ReportsPanelProps = {
  networkId: string;
  networkView: boolean;
  /** The state filter ('' for every state), kept in the address by the area. */
  state: ReportState | '';
  onState: (state: ReportState | '') => void;
  /** The area reads the list (its newCount labels the tab) and hands it here. */
  query: ReportsQuery;
  canModerate: boolean;
  canChooseAnyone: boolean;
  /** The demo: the inbox reads as the staff's does, and its controls say they are read-only. */
  readOnly?: boolean;
};

/** The F7 inbox: a state filter, the reports newest first with one open, and paging. */
export const ReportsPanel = ({ state, onState, query, networkView, ...detail }: ReportsPanelProps) => {
  const [openId, setOpenId] = useState<string | null>(null);
  const data = query.currentData;
  const { items: reports, older } = useOlderPages(query, reportsOf);

  const results = () => {
    if (!data && (query.isLoading || query.isFetching)) return <Spinner label="Loading reports…" showLabel />;
    if (!data)
      return (
        <ErrorState
          title="Failed to load reports"
          message={apiErrorText(query.error)}
          retryLabel="Retry"
          onRetry={() => void query.refetch()}
        />
      );
    if (reports.length === 0)
      return state ? (
        <NoMatches title="No reports match this state" onClear={() => onState('')} />
      ) : (
        <EmptyState
          title="No reports yet"
          message="Reports players send with F7 in the game are listed here."
        />
      );
    return (
      <>
        <ReportsTable
          {...detail}
          reports={reports}
          networkView={networkView}
          openId={openId}
          onToggle={(id) => setOpenId((current) => (current === id ? null : id))}
          busy={query.isFetching && !query.isFetchingNextPage}
        />
        <LoadOlder {...older} noun="reports" errorText={apiErrorText} />
      </>
    );
  };

  return (
    <div className="pl-browser">
      <div className="pl-toolbar">
        <SelectField label="State" value={state} options={STATE_OPTIONS} onChange={onState} />
      </div>
      {results()}
    </div>
  );
};
