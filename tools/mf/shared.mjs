// The one Module Federation shared-dependency map of the panel. Shell and remotes all use it, so
// every page runs exactly one React, one router, one store and one API cache. Share only what
// must be a single instance: each shared package costs bytes because it cannot be tree-shaken.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const versionOf = (name) => require(`${name}/package.json`).version;

const npmSingletons = ['react', 'react-dom'];
/** Packages whose subpath imports (react/jsx-runtime, react-dom/client…) must be shared too. */
const withSubpaths = ['react', 'react-dom'];
/**
 * Workspace libs holding state or context. The router and Redux are reached only through them
 * (@outpost/router; @outpost/api-client for the store and the session, @outpost/api-cache for RTK
 * Query), so they stay single instances while the bundler drops the parts of react-router and
 * Redux Toolkit the panel never calls; a package shared whole cannot be tree-shaken. Lint forbids
 * importing those packages anywhere else. The cache is its own singleton so that `/`, which never
 * reads it, does not load RTK Query.
 */
const workspaceSingletons = ['@outpost/router', '@outpost/api-client', '@outpost/api-cache', '@outpost/ui'];
const WORKSPACE_VERSION = '0.1.0';

export const sharedDependencies = () => {
  const shared = {};
  for (const name of npmSingletons) {
    const version = versionOf(name);
    shared[name] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  // A trailing-slash key shares every subpath import of that package under the same rules.
  for (const name of withSubpaths) shared[`${name}/`] = { ...shared[name] };
  for (const name of workspaceSingletons)
    shared[name] = { singleton: true, requiredVersion: false, version: WORKSPACE_VERSION };
  return shared;
};
