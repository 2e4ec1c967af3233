import { ErrorBoundary } from '@outpost/ui';
import type { ReactNode } from 'react';

export const REMOTE_UNAVAILABLE_TITLE = 'This section is unavailable';

type RemoteErrorBoundaryProps = {
  remote: string;
  onRetry: () => void;
  children: ReactNode;
};

/** Contains a remote that fails to load or throws: the shell and the other remotes keep working. */
export const RemoteErrorBoundary = ({ remote, onRetry, children }: RemoteErrorBoundaryProps) => (
  <ErrorBoundary
    label={`Remote ${remote}`}
    fallback={
      <section className="op-state op-state--error" role="alert" data-failed-remote={remote}>
        <h2 className="op-state__title">{REMOTE_UNAVAILABLE_TITLE}</h2>
        <p className="op-state__message">
          This part of the panel could not be loaded. The rest of Outpost keeps working.
        </p>
        <button type="button" className="op-btn op-btn--primary op-btn--md" onClick={onRetry}>
          Retry
        </button>
      </section>
    }
  >
    {children}
  </ErrorBoundary>
);
