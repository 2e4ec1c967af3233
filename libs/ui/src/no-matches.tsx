import type { ReactNode } from 'react';
import { Button } from './button';
import { EmptyState } from './states';

export type NoMatchesProps = {
  /** e.g. "No log lines match these filters". */
  title: string;
  /** What else to try, e.g. "Try another kind or state, or another search." */
  message?: ReactNode;
  /** Sets every filter back to its default. */
  onClear: () => void;
};

/** A filtered list that came back empty: what to try, and Clear filters. */
export const NoMatches = ({ title, message, onClear }: NoMatchesProps) => (
  <EmptyState
    title={title}
    message={message}
    action={
      <Button variant="secondary" onClick={onClear}>
        Clear filters
      </Button>
    }
  />
);
