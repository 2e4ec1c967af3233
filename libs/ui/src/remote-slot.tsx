import type { RemoteSlotProps } from '@outpost/contracts';
import { createContext, useContext, useReducer, type ComponentType } from 'react';
import { ErrorState } from './states';

const RemoteSlotContext = createContext<ComponentType<RemoteSlotProps> | null>(null);

/** The shell provides the component that loads another remote's exposed module (its runtime). */
export const RemoteSlotProvider = RemoteSlotContext.Provider;

/**
 * Another remote's exposed component (e.g. mfe-players' Players tab inside mfe-networks), loaded by
 * the shell's one federation runtime, so that remote's canary, rollback and fallbacks apply here
 * too. Without a shell (a remote run standalone) the section says it is unavailable.
 */
export const RemoteSlot = (props: RemoteSlotProps) => {
  const Slot = useContext(RemoteSlotContext);
  const [, retry] = useReducer((count: number) => count + 1, 0);
  if (Slot) return <Slot {...props} />;
  return (
    <ErrorState
      title="This section is unavailable"
      message={`The ${props.section} section could not be loaded. The rest of the network works.`}
      onRetry={retry}
      retryLabel="Retry"
    />
  );
};
