import { useGetNetworkQuery, useOlderPages, type OlderPagesQuery } from '@outpost/api-cache';
import { can, LOG_TYPES, type LogsResponse, type Server } from '@outpost/contracts';
import { MESSAGES } from '@outpost/validation';
import { EmptyState, ErrorState, NoMatches, Spinner } from '@outpost/ui';
import { listErrorMessage } from '../../../shared/utils/error-message';
import { hasLogFilters, NO_LOG_FILTERS, timelineEntries, type LogFilterState } from '../utils/log-filters';
import { LogFiltersBar } from './log-filters-bar';
import { LogTimeline } from './log-timeline';

/** What either timeline's infinite query answers, as far as the panel needs it. */
export type LogsQueryState = OlderPagesQuery<LogsResponse> & {
  isLoading: boolean;
  refetch: () => unknown;
};

export type LogsPanelProps = {
  filters: LogFilterState;
  onChange: (changes: Partial<LogFilterState>) => void;
  query: LogsQueryState;
  /** Names the timeline, e.g. "Server logs". */
  label: string;
  networkId: string;
  /** The network's servers: the timeline names each line's server and offers a server filter. */
  servers?: readonly Server[];
};

/** Why the filters ask for nothing: no kind of line chosen, or a range that ends before it starts. */
export const blockedReason = (filters: LogFilterState): string | null => {
  if (filters.types.length === 0) return 'Choose at least one kind of line to show.';
  if (filters.from && filters.to && filters.from > filters.to) return MESSAGES.logsRange;
  return null;
};

type ResultsProps = Omit<LogsPanelProps, 'onChange' | 'servers'> & {
  showServer: boolean;
  onClear: () => void;
};

const Results = ({ filters, query, label, networkId, showServer, onClear }: ResultsProps) => {
  const { items: entries, older } = useOlderPages(query, timelineEntries);
  const blocked = blockedReason(filters);
  if (blocked) return <EmptyState title="Nothing to show" message={blocked} />;
  const data = query.currentData;
  if (!data && (query.isLoading || query.isFetching)) return <Spinner label="Loading logs…" showLabel />;
  if (!data)
    return (
      <ErrorState
        title="Failed to load logs"
        message={listErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  if (entries.length === 0)
    return hasLogFilters(filters) ? (
      <NoMatches
        title="No log lines match these filters"
        message="Try other kinds of line, another search or a wider time range."
        onClear={onClear}
      />
    ) : (
      <EmptyState
        title="No log lines yet"
        message="Chat, joins, kills, F7 reports and console output appear here as the server reports them."
      />
    );
  return (
    <LogTimeline
      // Other filters are another timeline: it starts at the top, holding nothing.
      key={JSON.stringify(filters)}
      entries={entries}
      label={label}
      networkId={networkId}
      showServer={showServer}
      hasOlder={older.hasOlder}
      loadingOlder={older.loading}
      onLoadOlder={older.onLoadOlder}
      olderError={older.error}
    />
  );
};

/** Filters over one timeline, with its loading, empty and error states; the server's and the network's. */
export const LogsPanel = ({ onChange, servers, ...rest }: LogsPanelProps) => {
  // Console lines are for those who read the console: the API leaves them out for the others.
  const { data: network } = useGetNetworkQuery(rest.networkId);
  const types = can(network?.role, 'console.read')
    ? LOG_TYPES
    : LOG_TYPES.filter((type) => type !== 'console');
  return (
    <div className="net-logs">
      <LogFiltersBar filters={rest.filters} onChange={onChange} servers={servers} types={types} />
      <Results {...rest} showServer={servers !== undefined} onClear={() => onChange(NO_LOG_FILTERS)} />
    </div>
  );
};
