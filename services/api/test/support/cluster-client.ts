// Drives spawned instances (support/processes.ts, support/cluster.ts) over HTTP, as a browser and a
// game server's plugin do: sign in by e-mail link (from the outbox in the instances' DATA_DIR, which
// is cluster.database.dataDir), create a network and a server, send heartbeats, run console
// commands, long-poll for commands, read the live stream.
// A user signed in on one instance is signed in on all of them (they share JWT_SECRET and the
// database), so every call names the instance it goes to.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CreateServerResponse, Network, PluginCommand } from '@outpost/contracts';
import { openLiveAt, type LiveClient, type LiveOptions } from './live-client';
import { magicLinkIn } from './mail';
import type { Mail } from '../../src/modules/identity/mailer.service';

/** The API key a spawned instance expects of the web app (API_KEY unset). */
export const CLUSTER_API_KEY = 'outpost-web';

/** An instance's base URL, or anything that has one (an Instance of support/processes.ts). */
export type At = string | { url: string };
const baseOf = (at: At): string => (typeof at === 'string' ? at : at.url);

export type Answer<T = unknown> = { status: number; body: { data?: T; [key: string]: unknown } };

/** One JSON request; answers the status and the parsed body (whatever the status). */
export const call = async <T = unknown>(
  at: At,
  method: string,
  url: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> => {
  const res = await fetch(`${baseOf(at)}${url}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Answer<T>['body']) : {} };
};

/** The answer's data when its status is `status`; throws with the whole answer otherwise. */
export const dataOf = <T>(answer: Answer<T>, status: number, what: string): T => {
  if (answer.status !== status)
    throw new Error(`${what} answered ${answer.status}, not ${status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data as T;
};

export type ClusterUser = {
  id: string;
  email: string;
  jwt: string;
  /** A call to /api on `at` with this user's JWT and the web app's API key. */
  api: <T = unknown>(at: At, method: string, url: string, body?: unknown) => Promise<Answer<T>>;
};

const mailsIn = (dataDir: string): Mail[] => {
  const outbox = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return files.sort().map((name) => JSON.parse(readFileSync(path.join(outbox, name), 'utf8')) as Mail);
};

/** The newest mail to `email` in the outbox, waiting for it up to 10 s. */
const mailTo = async (dataDir: string, email: string): Promise<Mail> => {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const mail = mailsIn(dataDir)
      .filter((m) => m.to === email)
      .at(-1);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no sign-in mail to ${email} in ${dataDir}/outbox`);
};

let signedIn = 0;

/**
 * Signs a new user in on `at` as a browser does: asks for a link, opens it from the outbox (the
 * instance's DATA_DIR), then takes a JWT for /api (POST /v1/account/jwts with the session cookie).
 */
export const signInAt = async (at: At, dataDir: string, email?: string): Promise<ClusterUser> => {
  signedIn += 1;
  const address = email ?? `cluster-${signedIn}-${Date.now()}@example.com`;
  dataOf(
    await call(at, 'POST', '/v1/account/tokens/magic-url', {
      body: { userId: 'unique()', email: address, url: `${baseOf(at)}/auth/magic-link` },
    }),
    201,
    'asking for a sign-in link',
  );
  const { userId, secret } = magicLinkIn((await mailTo(dataDir, address)).text);
  const session = await fetch(`${baseOf(at)}/v1/account/sessions/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId, secret }),
  });
  if (session.status !== 201) throw new Error(`opening the link answered ${session.status}`);
  const cookie = session.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const jwts = await call<never>(at, 'POST', '/v1/account/jwts', { body: {}, headers: { Cookie: cookie } });
  if (jwts.status !== 201) throw new Error(`POST /v1/account/jwts answered ${jwts.status}`);
  const { jwt } = jwts.body as unknown as { jwt: string };
  return {
    id: userId,
    email: address,
    jwt,
    api: (where, method, url, body) =>
      call(where, method, url, {
        body,
        headers: { 'X-API-Key': CLUSTER_API_KEY, Authorization: `Bearer ${jwt}` },
      }),
  };
};

export const createNetworkAt = async (
  at: At,
  owner: ClusterUser,
  name = 'Cluster Network',
): Promise<Network> =>
  dataOf(await owner.api<Network>(at, 'POST', '/api/networks', { name }), 201, 'POST /api/networks');

/** Adds a game server; its `token` is the plugin key. */
export const addServerAt = async (
  at: At,
  owner: ClusterUser,
  networkId: string,
  name = 'Cluster Server',
): Promise<CreateServerResponse> =>
  dataOf(
    await owner.api<CreateServerResponse>(at, 'POST', `/api/servers/network/${networkId}`, { name }),
    201,
    'adding a server',
  );

export type HeartbeatPlayer = { steamId: string; name: string; ip?: string };

/** A plugin heartbeat to `at`; answers the commands it delivered. */
export const heartbeatAt = async (
  at: At,
  token: string,
  players: HeartbeatPlayer[] = [],
  extra: Record<string, unknown> = {},
): Promise<PluginCommand[]> =>
  dataOf(
    await call<{ commands: PluginCommand[] }>(at, 'POST', '/api/plugin/v1/heartbeat', {
      body: { maxPlayers: 100, map: 'Procedural Map', ...extra, players },
      headers: { Authorization: `Bearer ${token}` },
    }),
    200,
    'a heartbeat',
  ).commands;

/** A plugin's long-poll on `at` (GET /api/plugin/v1/commands?wait=S): its commands and how long it took. */
export const pollCommandsAt = async (
  at: At,
  token: string,
  waitSeconds: number,
): Promise<{ commands: PluginCommand[]; ms: number }> => {
  const started = performance.now();
  const answer = await call<{ commands: PluginCommand[] }>(
    at,
    'GET',
    `/api/plugin/v1/commands?wait=${waitSeconds}`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  return {
    commands: dataOf(answer, 200, 'the commands long-poll').commands,
    ms: performance.now() - started,
  };
};

/** Runs a console command on a server from the panel (POST /api/servers/:id/console); answers its id. */
export const runConsoleAt = async (
  at: At,
  user: ClusterUser,
  serverId: string,
  command: string,
): Promise<string> =>
  dataOf(
    await user.api<{ id: string }>(at, 'POST', `/api/servers/${serverId}/console`, { command }),
    202,
    'a console command',
  ).id;

/** GET /api/live on `at` as `user` (Last-Event-ID when given); read it with support/live-client's `frame`. */
export const openLiveOn = (
  at: At,
  user: ClusterUser,
  options: Omit<LiveOptions, 'jwt' | 'apiKey'> = {},
): Promise<LiveClient> => openLiveAt(baseOf(at), { ...options, jwt: user.jwt, apiKey: CLUSTER_API_KEY });
