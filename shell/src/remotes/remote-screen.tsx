import type { RemoteName } from '@outpost/contracts';
import { Suspense, use, useState, useSyncExternalStore } from 'react';
import { PageSpinner } from '../app/layout/page-spinner';
import { loadRemoteRoutes, resetRemote } from './federation';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { isNewerServed, onRemotesRead } from './remote-updates';

type RemoteScreenProps = { owner: RemoteName; screen: string };

const RemoteRoutes = ({ owner, screen }: RemoteScreenProps) => {
  const { default: Routes } = use(loadRemoteRoutes(owner));
  return <Routes screen={screen} />;
};

/** Whether /remotes.json now serves another build of the remote than this page loaded. */
export const useNewerRemote = (name: RemoteName): boolean =>
  useSyncExternalStore(
    onRemotesRead,
    () => isNewerServed(name),
    () => false,
  );

/** Said quietly over the area: the page keeps the build it loaded until the person reloads. */
const NewerVersionNotice = ({ owner }: { owner: RemoteName }) =>
  useNewerRemote(owner) ? (
    <p className="op-remote-update" role="status">
      A newer version of this area is available —{' '}
      <button type="button" className="op-remote-update__reload" onClick={() => window.location.reload()}>
        Reload
      </button>
    </p>
  ) : null;

/** One screen of a remote, loaded at run time and contained by an error boundary. */
export const RemoteScreen = ({ owner, screen }: RemoteScreenProps) => {
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    resetRemote(owner);
    setAttempt((count) => count + 1);
  };
  return (
    <>
      <NewerVersionNotice owner={owner} />
      <RemoteErrorBoundary key={attempt} remote={owner} onRetry={retry}>
        <Suspense fallback={<PageSpinner />}>
          <RemoteRoutes owner={owner} screen={screen} />
        </Suspense>
      </RemoteErrorBoundary>
    </>
  );
};
