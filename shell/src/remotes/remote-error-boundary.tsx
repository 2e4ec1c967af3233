import { remoteMismatchMessage, type RemoteName } from '@outpost/contracts';
import { ErrorBoundary } from '@outpost/ui';
import type { ReactNode } from 'react';
import { mismatches } from './remote-builds';

export const REMOTE_UNAVAILABLE_TITLE = 'This section is unavailable';

type RemoteErrorBoundaryProps = {
  remote: RemoteName;
  onRetry: () => void;
  children: ReactNode;
};

type RemoteUnavailableProps = { remote: RemoteName; onRetry: () => void };

/** Why the area is not shown: its build does not fit this panel (explained), or it failed to load. */
const RemoteUnavailable = ({ remote, onRetry }: RemoteUnavailableProps) => {
  const mismatch = mismatches.get(remote);
  return (
    <section className="op-state op-state--error" role="alert" data-failed-remote={remote}>
      <h2 className="op-state__title">{REMOTE_UNAVAILABLE_TITLE}</h2>
      <p className="op-state__message">
        {mismatch
          ? remoteMismatchMessage(remote, mismatch)
          : 'This part of the panel could not be loaded. The rest of Outpost keeps working.'}
      </p>
      <button type="button" className="op-btn op-btn--primary op-btn--md" onClick={onRetry}>
        Retry
      </button>
    </section>
  );
};

/**
 * Contains a remote that fails to load, throws, or was built for another version of the panel:
 * the shell and the other remotes keep working.
 */
export const RemoteErrorBoundary = ({ remote, onRetry, children }: RemoteErrorBoundaryProps) => (
  <ErrorBoundary
    label={`Remote ${remote}`}
    fallback={<RemoteUnavailable remote={remote} onRetry={onRetry} />}
  >
    {children}
  </ErrorBoundary>
);
