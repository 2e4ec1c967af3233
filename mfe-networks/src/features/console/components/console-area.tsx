import { usePollingUnlessLive } from '@outpost/api-client';
import { ErrorState, Spinner } from '@outpost/ui';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../shared/utils/error-message';
import { useGetConsoleEntriesQuery } from '../api/console.api';
import { clearedEntries, consoleLines, type ClearedEntries } from '../utils/console-lines';
import { CommandInput } from './command-input';
import { ConsoleView } from './console-view';

/** While the live stream is down, the open console asks for what is new this often. */
export const CONSOLE_POLL_MS = 1_500;

const NOTHING_CLEARED: ClearedEntries = new Map();

export type ConsoleAreaProps = {
  serverId: string;
  /** Whether the viewer may run commands (console.run); without it the console is read-only. */
  canRun?: boolean;
  /** Set for the demo user: the prompt shows, disabled, with this hint. */
  readOnlyHint?: string;
};

/**
 * Commands and the server's own lines interleaved in time order, newest at the bottom, as in a
 * terminal: a command's output sits right under it, and what the server printed because of it
 * (a `say` echoed as chat, a kick's disconnect line) follows in place. Side by side would
 * need two scrolling panes that a phone cannot fit.
 */
export const ConsoleArea = ({ serverId, canRun = true, readOnlyHint }: ConsoleAreaProps) => {
  const { data, error, isLoading, isError, refetch } = useGetConsoleEntriesQuery(serverId, {
    pollingInterval: usePollingUnlessLive(CONSOLE_POLL_MS),
  });
  const [cleared, setCleared] = useState<ClearedEntries>(NOTHING_CLEARED);
  const entries = data?.entries;
  const lines = useMemo(() => consoleLines(entries ?? [], cleared), [entries, cleared]);
  const clear = () => setCleared(clearedEntries(entries ?? []));

  if (isLoading) return <Spinner label="Loading console…" showLabel />;
  if (!data)
    return (
      <ErrorState
        title="Failed to load the console"
        message={errorMessage(error, '')}
        onRetry={() => void refetch()}
      />
    );

  return (
    <div className="net-console">
      <ConsoleView lines={lines} everCleared={cleared !== NOTHING_CLEARED} onClear={clear} />
      {isError && (
        <p className="net-warning" role="status">
          {errorMessage(error, 'Lost contact with the panel')}: retrying…
        </p>
      )}
      {canRun ? (
        <CommandInput serverId={serverId} onClear={clear} readOnlyHint={readOnlyHint} />
      ) : (
        <p className="net-muted">Read-only: only owners and admins run console commands.</p>
      )}
    </div>
  );
};
