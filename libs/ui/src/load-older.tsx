import { Button } from './button';

export type LoadOlderProps = {
  /** Whether there is a page older than those shown. */
  hasOlder: boolean;
  /** The older page is on its way. */
  loading: boolean;
  onLoadOlder: () => void;
  /** What the list holds, e.g. "punishments": "No older punishments". */
  noun: string;
  /** Why the last older page did not come; the list keeps what it read. */
  error?: unknown;
  /** The API's text for `error`; '' (or none) says that older `noun` failed to load. */
  errorText?: (error: unknown) => string;
};

/** The end of a list read page by page: "Load older", or that there is nothing older. */
export const LoadOlder = ({ hasOlder, loading, onLoadOlder, noun, error, errorText }: LoadOlderProps) => (
  <>
    <div className="op-list-end">
      {hasOlder ? (
        <Button variant="secondary" size="sm" busy={loading} busyLabel="Loading older…" onClick={onLoadOlder}>
          Load older
        </Button>
      ) : (
        <span className="op-list-end__none">No older {noun}</span>
      )}
    </div>
    {error !== undefined && (
      <p className="op-list-end__error" role="alert">
        {errorText?.(error) || `Failed to load older ${noun}`}
      </p>
    )}
  </>
);
