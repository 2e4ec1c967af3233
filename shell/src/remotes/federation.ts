import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  REMOTE_NAMES,
  REMOTE_ROUTES_MODULE,
  REMOTE_SCOPE,
  REMOTES_MANIFEST_PATH,
  ROUTES,
  isRemotesManifest,
  remoteModuleId,
  type RemoteName,
  type RemoteRoutesProps,
  type RemotesManifest,
} from '@outpost/contracts';
import type { ComponentType } from 'react';

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
  const response = await fetch(REMOTES_MANIFEST_PATH, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${REMOTES_MANIFEST_PATH} answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isRemotesManifest(body)) throw new Error(`${REMOTES_MANIFEST_PATH} is not a remotes manifest`);
  manifest = body;
  registerRemotes(REMOTE_NAMES.map((name) => toRemote(name, body[name])));
  return body;
};

const loaded = new Map<RemoteName, Promise<RemoteRoutesModule>>();

/** The remote's ./Routes module, loaded once and shared by every route it owns. */
export const loadRemoteRoutes = (name: RemoteName): Promise<RemoteRoutesModule> => {
  let pending = loaded.get(name);
  if (!pending) {
    pending = loadRemote<RemoteRoutesModule>(remoteModuleId(name, REMOTE_ROUTES_MODULE)).then((module) => {
      if (!module?.default) throw new Error(`${REMOTE_SCOPE[name]} did not expose ${REMOTE_ROUTES_MODULE}`);
      return module;
    });
    // A failure stays cached (React re-reads the same rejected promise) until Retry resets it.
    loaded.set(name, pending);
  }
  return pending;
};

/**
 * Forgets a remote that failed so Retry fetches its manifest and entry again (the federation
 * runtime otherwise keeps the failed entry).
 */
export const resetRemote = (name: RemoteName): void => {
  loaded.delete(name);
  if (manifest) registerRemotes([toRemote(name, manifest[name])], { force: true });
};

// A plain matcher: this runs before the async boundary, when shared packages (the router) are not
// available yet.
const routePattern = (path: string): RegExp => new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}/?$`);

/**
 * Starts loading the remote that owns the page being opened while the shell boots, so the first
 * screen does not wait for React to render before its remote is fetched.
 */
export const preloadRemoteFor = (pathname: string): void => {
  const route = ROUTES.find((candidate) => routePattern(candidate.path).test(pathname));
  if (route && route.owner !== 'shell') loadRemoteRoutes(route.owner).catch(() => undefined);
};
