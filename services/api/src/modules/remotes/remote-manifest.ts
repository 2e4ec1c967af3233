import { REMOTE_SCOPE, type RemoteName } from '@outpost/contracts';
import type { RemoteBuild } from './remote-setting.entity';

const ANSWER_WAIT_MS = 10_000;
const MAX_URL_LENGTH = 2048;

/** The parts of a Module Federation manifest (mf-manifest.json) the operator commands read. */
type FederationManifest = {
  metaData?: {
    name?: unknown;
    remoteEntry?: { name?: unknown };
    buildInfo?: { buildVersion?: unknown };
    contractsVersion?: unknown;
  };
};

/** Why a remote change cannot be made, in words for the operator. */
export class RemoteRefused extends Error {}

/** A manifest URL: http(s), or a path on the panel itself (/remotes/...). */
export const checkManifestUrl = (url: string): void => {
  if (url.length > MAX_URL_LENGTH)
    throw new RemoteRefused(`The URL is longer than ${MAX_URL_LENGTH} characters.`);
  if (/^\/(?!\/)/.test(url)) return;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RemoteRefused(`${url} is not a URL (http://, https:// or a path starting with /).`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new RemoteRefused(`${url} is not an http or https URL.`);
};

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/**
 * Fetches the manifest at `url` (a path is read from the panel at `publicUrl`) and checks that it
 * is the Module Federation manifest of `remote`: its name and its entry. Answers the build it
 * describes; refuses with the reason otherwise.
 */
export const readRemoteManifest = async (
  remote: RemoteName,
  url: string,
  publicUrl: string,
): Promise<RemoteBuild> => {
  checkManifestUrl(url);
  const target = new URL(url, publicUrl).toString();
  let response: Response;
  try {
    response = await fetch(target, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(ANSWER_WAIT_MS),
    });
  } catch (error) {
    const { cause } = error as { cause?: { code?: string; message?: string } };
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new RemoteRefused(`${target} did not answer (${reason}).`);
  }
  if (!response.ok) throw new RemoteRefused(`${target} answered ${response.status}.`);
  let body: FederationManifest;
  try {
    body = (await response.json()) as FederationManifest;
  } catch {
    throw new RemoteRefused(`${target} is not JSON, so not a Module Federation manifest.`);
  }
  const meta = body?.metaData;
  if (typeof meta !== 'object' || meta === null || !text(meta.name) || !text(meta.remoteEntry?.name))
    throw new RemoteRefused(
      `${target} is not a Module Federation manifest (no metaData.name and remoteEntry).`,
    );
  if (meta.name !== REMOTE_SCOPE[remote])
    throw new RemoteRefused(
      `${target} is the manifest of ${String(meta.name)}, not of ${REMOTE_SCOPE[remote]} (${remote}).`,
    );
  return {
    url,
    buildVersion: text(meta.buildInfo?.buildVersion),
    contractsVersion: text(meta.contractsVersion),
  };
};
