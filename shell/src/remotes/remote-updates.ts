// Loaded before the shared React is negotiated (main.ts → federation.ts): no React here.
import { fetchRemotesManifest, type RemoteName, type RemotesManifest } from '@outpost/contracts';

/** How often navigating asks /remotes.json again, at most. */
export const REMOTES_CHECK_EVERY_MS = 60_000;

let served: RemotesManifest | null = null;
let latest: RemotesManifest | null = null;
let checkedAt = 0;
const listeners = new Set<() => void>();

/** The remotes this page loaded from (an open page keeps them until it reloads). */
export const noteServedRemotes = (manifest: RemotesManifest, now = Date.now()): void => {
  served = manifest;
  latest = manifest;
  checkedAt = now;
};

/**
 * On navigation: reads /remotes.json again when a minute has passed since the last look, so an
 * open page learns that the operator switched a remote. A failed read waits for the next minute.
 */
export const checkForNewerRemotes = async (now = Date.now()): Promise<void> => {
  if (!served || now - checkedAt < REMOTES_CHECK_EVERY_MS) return;
  checkedAt = now;
  try {
    latest = await fetchRemotesManifest();
  } catch {
    return;
  }
  for (const listener of listeners) listener();
};

/** Calls `listener` after each read of /remotes.json; answers how to stop. */
export const onRemotesRead = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether /remotes.json now serves another build of the remote than the one this page loaded. */
export const isNewerServed = (name: RemoteName): boolean =>
  !!served && !!latest && latest[name] !== served[name];
