import type { LogsResponse, Server } from '@outpost/contracts';
import { MESSAGES } from '@outpost/validation';
import { Button, EmptyState, ErrorState, Spinner } from '@outpost/ui';
import { errorMessage } from '../../../shared/utils/error-message';
import { hasLogFilters, NO_LOG_FILTERS, timelineEntries, type LogFilterState } from '../utils/log-filters';
import { LogFiltersBar } from './log-filters-bar';
import { LogTimeline } from './log-timeline';

/** What either timeline's infinite query answers, as far as the panel needs it. */
export type LogsQueryState = {
  currentData?: { pages: LogsResponse[] };
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
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

/** The API's message for the field it refused (400), else its message for the call. */
const logsError = (error: unknown): string =>
  (error as { details?: { message: string }[] } | undefined)?.details?.[0]?.message ??
  errorMessage(error, '');

type ResultsProps = Omit<LogsPanelProps, 'onChange' | 'servers'> & {
  showServer: boolean;
  onClear: () => void;
};

const Results = ({ filters, query, label, networkId, showServer, onClear }: ResultsProps) => {
  const blocked = blockedReason(filters);
  if (blocked) return <EmptyState title="Nothing to show" message={blocked} />;
  const data = query.currentData;
  if (!data && (query.isLoading || query.isFetching)) return <Spinner label="Loading logs…" showLabel />;
  if (!data)
    return (
      <ErrorState
        title="Failed to load logs"
        message={logsError(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  const entries = timelineEntries(data.pages);
  if (entries.length === 0)
    return hasLogFilters(filters) ? (
      <EmptyState
        title="No log lines match these filters"
        message="Try other kinds of line, another search or a wider time range."
        action={
          <Button variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        }
      />
    ) : (
      <EmptyState
        title="No log lines yet"
        message="Chat, joins, kills, F7 reports and console output appear here as the server reports them."
      />
    );
  return (
    <>
      <LogTimeline
        // Other filters are another timeline: it starts at the top, holding nothing.
        key={JSON.stringify(filters)}
        entries={entries}
        label={label}
        networkId={networkId}
        showServer={showServer}
        hasOlder={query.hasNextPage}
        loadingOlder={query.isFetchingNextPage}
        onLoadOlder={() => void query.fetchNextPage()}
      />
      {query.error !== undefined && !query.isFetching && (
        <p className="net-warning" role="alert">
          {logsError(query.error) || 'Failed to load more lines'}
        </p>
      )}
    </>
  );
};

/** Filters over one timeline, with its loading, empty and error states; the server's and the network's. */
export const LogsPanel = ({ onChange, servers, ...rest }: LogsPanelProps) => (
  <div className="net-logs">
    <LogFiltersBar filters={rest.filters} onChange={onChange} servers={servers} />
    <Results {...rest} showServer={servers !== undefined} onClear={() => onChange(NO_LOG_FILTERS)} />
  </div>
);
