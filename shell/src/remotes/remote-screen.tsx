import type { RemoteName } from '@outpost/contracts';
import { Suspense, use, useState } from 'react';
import { PageSpinner } from '../app/layout/page-spinner';
import { loadRemoteRoutes, resetRemote } from './federation';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { NewerVersionNotice } from './newer-version-notice';

type RemoteScreenProps = { owner: RemoteName; screen: string };

const RemoteRoutes = ({ owner, screen }: RemoteScreenProps) => {
  const { default: Routes } = use(loadRemoteRoutes(owner));
  return <Routes screen={screen} />;
};

/** One screen of a remote, loaded at run time and contained by an error boundary. */
export const RemoteScreen = ({ owner, screen }: RemoteScreenProps) => {
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    resetRemote(owner);
    setAttempt((count) => count + 1);
  };
  return (
    <>
      <NewerVersionNotice remote={owner} />
      <RemoteErrorBoundary key={attempt} remote={owner} onRetry={retry}>
        <Suspense fallback={<PageSpinner />}>
          <RemoteRoutes owner={owner} screen={screen} />
        </Suspense>
      </RemoteErrorBoundary>
    </>
  );
};
