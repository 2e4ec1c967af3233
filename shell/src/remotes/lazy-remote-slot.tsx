import type { RemoteSlotProps } from '@outpost/contracts';
import { Spinner } from '@outpost/ui';
import { lazy, Suspense } from 'react';

// The slot's code loads with the first screen that shows one (a network's Players tab): '/' never does.
const ShellRemoteSlot = lazy(() =>
  import('./remote-slot').then(({ ShellRemoteSlot: Slot }) => ({ default: Slot })),
);

/** The slot the shell gives remotes (@outpost/ui's RemoteSlotProvider), its code loaded on first use. */
export const LazyRemoteSlot = (slot: RemoteSlotProps) => (
  <Suspense fallback={<Spinner label={`Loading ${slot.section}…`} showLabel />}>
    <ShellRemoteSlot {...slot} />
  </Suspense>
);
