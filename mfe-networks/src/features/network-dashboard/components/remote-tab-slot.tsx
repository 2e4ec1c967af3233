import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { fetchRemotesManifest, REMOTE_SCOPE, remoteModuleId, type PlayersTabProps } from '@outpost/contracts';
import { Button, ErrorBoundary, Spinner } from '@outpost/ui';
import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';

/** What mfe-players' network tabs (./PlayersTab, ./PunishmentsTab) are handed. */
export type RemoteTabProps = PlayersTabProps;

type RemoteTabModule = { default: ComponentType<RemoteTabProps> };

/**
 * This remote's federation runtime is not the shell's, so it learns where mfe-players lives the
 * way the shell does: from /remotes.json at run time (an already loaded entry is reused).
 */
const registerPlayersRemote = async (force: boolean): Promise<void> => {
  const manifest = await fetchRemotesManifest();
  registerRemotes([{ name: REMOTE_SCOPE.players, entry: manifest.players }], { force });
};

/** `retry` forgets a failed entry so the remote is fetched again. */
const loadTab = (exposed: string, retry: boolean) =>
  lazy(async () => {
    await registerPlayersRemote(retry);
    const module = await loadRemote<RemoteTabModule>(remoteModuleId('players', exposed));
    if (!module?.default) throw new Error(`mfe_players did not expose ${exposed}`);
    return module;
  });

export type RemoteTabSlotProps = RemoteTabProps & {
  /** The module mfe-players exposes, e.g. PLAYERS_TAB_MODULE. */
  exposed: string;
  /** Names the section in its loading and unavailable states, e.g. "players". */
  section: string;
};

/** A network tab whose content is one of mfe-players' exposed modules, loaded at run time. */
export const RemoteTabSlot = ({ exposed, section, ...props }: RemoteTabSlotProps) => {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt (and per module), so Retry loads the remote again.
  const Tab = useMemo(() => loadTab(exposed, attempt > 0), [exposed, attempt]);
  // mfe-players may be down: the tab says so and the rest of the dashboard keeps working.
  return (
    <ErrorBoundary
      key={`${exposed}-${attempt}`}
      label={`The ${section} tab (mfe-players)`}
      fallback={
        <div role="alert" className="op-state op-state--error">
          <h3 className="op-state__title">This section is unavailable</h3>
          <p className="op-state__message">
            The {section} section could not be loaded. The rest of the network works.
          </p>
          <div className="op-state__action">
            <Button variant="secondary" onClick={() => setAttempt((count) => count + 1)}>
              Retry
            </Button>
          </div>
        </div>
      }
    >
      <Suspense fallback={<Spinner label={`Loading ${section}…`} showLabel />}>
        <Tab {...props} />
      </Suspense>
    </ErrorBoundary>
  );
};
