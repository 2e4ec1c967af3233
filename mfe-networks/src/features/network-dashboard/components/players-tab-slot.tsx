import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  fetchRemotesManifest,
  PLAYERS_TAB_MODULE,
  REMOTE_SCOPE,
  remoteModuleId,
  type PlayersTabProps,
} from '@outpost/contracts';
import { Button, ErrorBoundary, Spinner } from '@outpost/ui';
import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';

type PlayersTabModule = { default: ComponentType<PlayersTabProps> };

/**
 * This remote's federation runtime is not the shell's, so it learns where mfe-players lives the
 * way the shell does: from /remotes.json at run time (an already loaded entry is reused).
 */
const registerPlayersRemote = async (force: boolean): Promise<void> => {
  const manifest = await fetchRemotesManifest();
  registerRemotes([{ name: REMOTE_SCOPE.players, entry: manifest.players }], { force });
};

/** `retry` forgets a failed entry so the remote is fetched again. */
const loadPlayersTab = (retry: boolean) =>
  lazy(async () => {
    await registerPlayersRemote(retry);
    const module = await loadRemote<PlayersTabModule>(remoteModuleId('players', PLAYERS_TAB_MODULE));
    if (!module?.default) throw new Error(`mfe_players did not expose ${PLAYERS_TAB_MODULE}`);
    return module;
  });

/** The Players tab is mfe-players' './PlayersTab', loaded at run time. */
export const PlayersTabSlot = (props: PlayersTabProps) => {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt, so Retry loads the remote again.
  const PlayersTab = useMemo(() => loadPlayersTab(attempt > 0), [attempt]);
  // mfe-players may be down: the tab says so and the rest of the dashboard keeps working.
  return (
    <ErrorBoundary
      key={attempt}
      label="The Players tab (mfe-players)"
      fallback={
        <div role="alert" className="op-state op-state--error">
          <h3 className="op-state__title">This section is unavailable</h3>
          <p className="op-state__message">
            The players section could not be loaded. The rest of the network works.
          </p>
          <div className="op-state__action">
            <Button variant="secondary" onClick={() => setAttempt((count) => count + 1)}>
              Retry
            </Button>
          </div>
        </div>
      }
    >
      <Suspense fallback={<Spinner label="Loading players…" showLabel />}>
        <PlayersTab {...props} />
      </Suspense>
    </ErrorBoundary>
  );
};
