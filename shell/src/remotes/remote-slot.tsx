import { remoteMismatchMessage, type RemoteSlotProps } from '@outpost/contracts';
import { ErrorBoundary, ErrorState, Spinner } from '@outpost/ui';
import { Suspense, use, useState, type ComponentType } from 'react';
import { loadRemoteModule, resetRemote } from './federation';
import { NewerVersionNotice } from './newer-version-notice';
import { mismatches } from './remote-builds';

type SlotModule = { default: ComponentType<RemoteSlotProps['props']> };

const Exposed = ({ remote, exposed, props }: RemoteSlotProps) => {
  const { default: Component } = use(loadRemoteModule<SlotModule>(remote, exposed));
  return <Component {...props} />;
};

type SlotUnavailableProps = Pick<RemoteSlotProps, 'remote' | 'section'> & { onRetry: () => void };

/** Read when shown: whether the build was refused is known only once its manifest was read. */
const SlotUnavailable = ({ remote, section, onRetry }: SlotUnavailableProps) => {
  const mismatch = mismatches.get(remote);
  return (
    <ErrorState
      title="This section is unavailable"
      message={
        mismatch
          ? remoteMismatchMessage(remote, mismatch)
          : `The ${section} section could not be loaded. The rest of the network works.`
      }
      onRetry={onRetry}
      retryLabel="Retry"
    />
  );
};

/**
 * The slot the shell gives remotes (@outpost/ui's RemoteSlot): another remote's exposed component,
 * loaded with the shell's runtime and contained like a whole remote screen, with the same quiet notice
 * when the operator has switched that remote since the page loaded it.
 */
export const ShellRemoteSlot = (slot: RemoteSlotProps) => {
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    resetRemote(slot.remote);
    setAttempt((count) => count + 1);
  };
  return (
    <>
      <NewerVersionNotice remote={slot.remote} />
      <ErrorBoundary
        key={`${slot.exposed}-${attempt}`}
        label={`The ${slot.section} section (${slot.remote})`}
        fallback={<SlotUnavailable remote={slot.remote} section={slot.section} onRetry={retry} />}
      >
        <Suspense fallback={<Spinner label={`Loading ${slot.section}…`} showLabel />}>
          <Exposed {...slot} />
        </Suspense>
      </ErrorBoundary>
    </>
  );
};
