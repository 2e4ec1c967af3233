import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import {
  CONTRACTS_VERSION,
  REMOTE_NAMES,
  REMOTE_SCOPE,
  contractsMajor,
  type RemoteBuildInfo,
  type RemoteMismatch,
  type RemoteName,
} from '@outpost/contracts';

declare const process: { env: { OUTPOST_SINGLETONS?: Record<string, string> } };

/** The shell's own versions of the shared singletons (its build defines them). */
const HOST_SINGLETONS: Record<string, string> = process.env.OUTPOST_SINGLETONS ?? {};

/** Each remote's build as its manifest described it, once its manifest was read. */
export const loadedBuilds = new Map<RemoteName, RemoteBuildInfo>();
/** The remotes whose build does not fit this shell: shown as their explained fallback. */
export const mismatches = new Map<RemoteName, RemoteMismatch>();

/** The caret range a version's major allows (^19.0.0; ^0.3.0 for a 0.x). */
const caretOf = (version: string): string => {
  const [major = '0', minor = '0'] = version.split('.');
  return major === '0' ? `^0.${minor}.0` : `^${major}.0.0`;
};
const satisfies = (version: string, range: string): boolean =>
  caretOf(version) === range && version.localeCompare(range.slice(1), undefined, { numeric: true }) >= 0;

type ManifestMeta = {
  name?: string;
  buildInfo?: { buildVersion?: string };
  contractsVersion?: string;
  singletons?: Record<string, string>;
};

/** Why the build a manifest describes cannot run in this shell, or null when it can. */
export const mismatchOf = (
  build: RemoteBuildInfo,
  host: { contracts: string; singletons: Record<string, string> } = {
    contracts: CONTRACTS_VERSION,
    singletons: HOST_SINGLETONS,
  },
): RemoteMismatch | null => {
  const { buildVersion, contractsVersion } = build;
  if (contractsVersion && contractsMajor(contractsVersion) !== contractsMajor(host.contracts))
    return { kind: 'contracts', buildVersion, contractsVersion };
  for (const [singleton, version] of Object.entries(build.singletons)) {
    const hostVersion = host.singletons[singleton];
    const range = hostVersion && caretOf(hostVersion);
    if (range && !satisfies(version, range))
      return { kind: 'singleton', buildVersion, singleton, version, range };
  }
  return null;
};

const remoteOf = (scope: string): RemoteName | undefined =>
  REMOTE_NAMES.find((name) => REMOTE_SCOPE[name] === scope);

const readManifest = async (url: string, init: RequestInit): Promise<Response> => {
  const response = await fetch(url, init);
  if (!response.ok) return response;
  const text = await response.text();
  const meta = (JSON.parse(text) as { metaData?: ManifestMeta }).metaData ?? {};
  const remote = remoteOf(meta.name ?? '');
  if (remote) {
    const build: RemoteBuildInfo = {
      buildVersion: meta.buildInfo?.buildVersion ?? 'unknown',
      contractsVersion: meta.contractsVersion ?? null,
      singletons: meta.singletons ?? {},
    };
    loadedBuilds.set(remote, build);
    const mismatch = mismatchOf(build);
    if (mismatch) {
      mismatches.set(remote, mismatch);
      throw new Error(`${REMOTE_SCOPE[remote]} does not fit this panel`);
    }
    mismatches.delete(remote);
  }
  return new Response(text, { status: response.status, headers: response.headers });
};

/**
 * Reads each remote's manifest for the federation runtime (one request), records the build it
 * describes and refuses to load one made for other contracts or another major of a shared
 * singleton: its screens show the explained fallback instead of failing somewhere inside.
 */
export const remoteBuildsPlugin = (): ModuleFederationRuntimePlugin => ({
  name: 'outpost-remote-builds',
  fetch(url, init) {
    // Anything else the runtime fetches goes its usual way.
    return url.endsWith('mf-manifest.json') ? readManifest(url, init) : undefined;
  },
});
