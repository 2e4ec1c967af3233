import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  REMOTE_NAMES,
  REMOTE_ROUTES_MODULE,
  REMOTE_SCOPE,
  fetchRemotesManifest,
  routeFor,
  remoteModuleId,
  type RemoteName,
  type RemoteRoutesProps,
  type RemotesManifest,
} from '@outpost/contracts';
import type { ComponentType } from 'react';
import { remoteBuildsPlugin } from './remote-builds';
import { noteServedRemotes } from './remote-updates';

export type RemoteRoutesModule = { default: ComponentType<RemoteRoutesProps> };

let manifest: RemotesManifest | null = null;
let registration: Promise<RemotesManifest> | null = null;

const toRemote = (name: RemoteName, entry: string) => ({ name: REMOTE_SCOPE[name], entry });

/**
 * Reads /remotes.json and tells the federation runtime where each remote's manifest lives; started
 * once, from main.ts, before the rest of the shell loads.
 */
export const registerRemotesFromServer = (): Promise<RemotesManifest> => {
  registration ??= fetchAndRegister();
  return registration;
};

const fetchAndRegister = async (): Promise<RemotesManifest> => {
  const body = await fetchRemotesManifest();
  manifest = body;
  noteServedRemotes(body);
  registerPlugins([remoteBuildsPlugin()]);
  registerRemotes(REMOTE_NAMES.map((name) => toRemote(name, body[name])));
  return body;
};

const loaded = new Map<string, Promise<{ default: unknown }>>();

/**
 * One exposed module of a remote (./Routes, or a component another remote shows through the
 * shell's slot), loaded once by the shell's runtime and shared by every screen that shows it.
 */
export const loadRemoteModule = <T extends { default: unknown }>(
  name: RemoteName,
  exposed: string,
): Promise<T> => {
  const id = remoteModuleId(name, exposed);
  let pending = loaded.get(id);
  if (!pending) {
    pending = loadRemote<T>(id).then((module) => {
      if (!module?.default) throw new Error(`${REMOTE_SCOPE[name]} did not expose ${exposed}`);
      return module;
    });
    // A failure stays cached (React re-reads the same rejected promise) until Retry resets it.
    loaded.set(id, markSettled(pending));
  }
  return pending as Promise<T>;
};

/** The remote's ./Routes module, loaded once and shared by every route it owns. */
export const loadRemoteRoutes = (name: RemoteName): Promise<RemoteRoutesModule> =>
  loadRemoteModule<RemoteRoutesModule>(name, REMOTE_ROUTES_MODULE);

/**
 * Records the outcome on the promise the way React's `use` reads it, so a remote that finished
 * loading before its screen renders (it is preloaded at boot) renders at once instead of
 * suspending: a suspended boundary that shows its spinner delays the content by React's reveal
 * throttle (300 ms), on the page's largest paint.
 */
const markSettled = <T>(promise: Promise<T>): Promise<T> => {
  const tracked = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
  promise.then(
    (value) => Object.assign(tracked, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(tracked, { status: 'rejected', reason }),
  );
  return promise;
};

/**
 * Forgets a remote that failed so Retry fetches its manifest and entry again (the federation
 * runtime otherwise keeps the failed entry).
 */
export const resetRemote = (name: RemoteName): void => {
  for (const id of loaded.keys()) if (id.startsWith(`${REMOTE_SCOPE[name]}/`)) loaded.delete(id);
  if (manifest) registerRemotes([toRemote(name, manifest[name])], { force: true });
};

/** How long the first paint waits for the page's remote before showing the shell with a spinner. */
export const FIRST_PAINT_REMOTE_WAIT_MS = 2000;

let boot: Promise<void> | null = null;

/**
 * At boot: registers the remotes from /remotes.json and loads the one that owns the page being
 * opened. Started once, by main.ts; the shell's first render awaits the same promise. It resolves
 * when that remote is ready, when it failed (its screen then shows the contained error) or after
 * FIRST_PAINT_REMOTE_WAIT_MS, whichever comes first; it rejects when the remotes cannot be
 * registered.
 */
export const bootRemotes = (pathname: string): Promise<void> => {
  boot ??= registerRemotesFromServer().then(() => {
    const owner = routeFor(pathname)?.owner;
    if (!owner || owner === 'shell') return undefined;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, FIRST_PAINT_REMOTE_WAIT_MS);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      loadRemoteRoutes(owner).then(done, done);
    });
  });
  return boot;
};
