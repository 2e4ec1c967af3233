import path from 'node:path';
import {
  CLIENT_CONFIG_PATH,
  encodeHtml,
  REMOTES_MANIFEST_PATH,
  routeFor,
  type RemoteName,
} from '@outpost/contracts';
import type { AppConfig } from '../config';
import { deriveFresh } from './fresh-files';
import type { RemotesInForce } from './remotes-in-force';
import { remoteDist, remoteMountPath } from './web-paths';

/** The parts of a remote's mf-manifest.json the hints read. */
type RemoteManifest = {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { name: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
};

const ROUTES_EXPOSE = 'Routes';

const preloadFetch = (href: string): string =>
  `<link rel="preload" href="${encodeHtml(href)}" as="fetch" crossorigin="anonymous">`;
const stylesheet = (href: string): string => `<link rel="stylesheet" href="${encodeHtml(href)}">`;
/**
 * Runs after the shell's own deferred script, in order. The entry defines the remote's container
 * and the chunks queue themselves for it, so when the shell asks for ./Routes the federation
 * runtime finds them in place (it loads an entry only when its container is missing) instead of
 * fetching the entry and then each chunk one after another.
 */
const deferredScript = (src: string): string => `<script defer src="${encodeHtml(src)}"></script>`;

/**
 * The files of the remote's ./Routes, read from its manifest when this panel serves that remote
 * (an operator may point a remote at another host; then only its manifest is hinted).
 */
const remoteFiles = (config: AppConfig, inForce: RemotesInForce, remote: RemoteName): string[] => {
  if (!isServedHere(inForce, remote)) return [];
  const base = `${remoteMountPath(remote)}/`;
  const manifest = path.join(remoteDist(config, remote), 'mf-manifest.json');
  return deriveFresh(manifest, (text) => manifestHints(text, base)) ?? [];
};

/**
 * Whether every browser gets the build this panel serves (its manifest under /remotes/<name>/):
 * not while the remote points elsewhere or a canary splits it.
 */
export const isServedHere = (inForce: RemotesInForce, remote: RemoteName): boolean => {
  const manifestUrl = inForce.soleUrl(remote);
  return manifestUrl?.slice(0, manifestUrl.lastIndexOf('/') + 1) === `${remoteMountPath(remote)}/`;
};

const manifestHints = (text: string, base: string): string[] => {
  let manifest: RemoteManifest;
  try {
    manifest = JSON.parse(text) as RemoteManifest;
  } catch {
    return []; // a half-written manifest during a deploy: the page still loads, only unhinted
  }
  const entry = manifest.metaData?.remoteEntry;
  const routes = manifest.exposes?.find((expose) => expose.name === ROUTES_EXPOSE)?.assets;
  const at = (file: string) => `${base}${file}`;
  return [
    ...(routes?.css?.sync ?? []).map((file) => stylesheet(at(file))),
    ...(entry?.name ? [deferredScript(at(entry.path ? `${entry.path}/${entry.name}` : entry.name))] : []),
    ...(routes?.js?.sync ?? []).map((file) => deferredScript(at(file))),
  ];
};

/**
 * Hints for the page at `pathname`: the shell's two boot requests and the files of the
 * remote that owns the page, so the browser fetches them while the shell's own script runs
 * instead of one after another (manifest, then entry, then chunks).
 */
export const preloadHints = (config: AppConfig, inForce: RemotesInForce, pathname: string): string => {
  const hints = [preloadFetch(REMOTES_MANIFEST_PATH), preloadFetch(CLIENT_CONFIG_PATH)];
  const owner = routeFor(pathname)?.owner;
  // During a canary the page does not know its side before /remotes.json answers: no hint, so no
  // script defines the other side's container first.
  const manifestUrl = owner && owner !== 'shell' ? inForce.soleUrl(owner) : null;
  if (owner && owner !== 'shell' && manifestUrl) {
    hints.push(preloadFetch(manifestUrl), ...remoteFiles(config, inForce, owner));
  }
  return hints.join('');
};

/** The shell's index.html with the page's preload hints at the end of its head. */
export const withPreloadHints = (
  html: string,
  config: AppConfig,
  inForce: RemotesInForce,
  pathname: string,
): string =>
  // A function, so that `$` in a remote's URL is not read as a replacement pattern.
  html.replace('</head>', () => `${preloadHints(config, inForce, pathname)}</head>`);
