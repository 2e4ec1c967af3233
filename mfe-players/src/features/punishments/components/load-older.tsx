import { Button } from '@outpost/ui';
import { apiErrorText } from '../../../shared/utils/api-error';

/** What an infinite query answers, as far as the list's footer needs it. */
export type OlderPagesQuery = {
  error?: unknown;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
};

export type LoadOlderProps = {
  query: OlderPagesQuery;
  /** What the list holds, e.g. "punishments": "No older punishments". */
  noun: string;
};

/** The end of a list read page by page: "Load older", or that there is nothing older. */
export const LoadOlder = ({ query, noun }: LoadOlderProps) => (
  <>
    <div className="pl-list-end">
      {query.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          busy={query.isFetchingNextPage}
          busyLabel="Loading older…"
          onClick={() => void query.fetchNextPage()}
        >
          Load older
        </Button>
      ) : (
        <span className="pl-muted">No older {noun}</span>
      )}
    </div>
    {/* A failed next page keeps what was read; the error says why nothing more came. */}
    {query.error !== undefined && !query.isFetching && (
      <p className="pl-error" role="alert">
        {apiErrorText(query.error) || `Failed to load older ${noun}`}
      </p>
    )}
  </>
);
