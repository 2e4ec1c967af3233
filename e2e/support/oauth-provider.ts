import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const OAUTH_PROVIDER_NAMES = ['discord', 'google', 'github'] as const;
export type OAuthProviderName = (typeof OAUTH_PROVIDER_NAMES)[number];

export type OAuthProvider = {
  url: string;
  /** Environment pointing every provider of the panel at this server. */
  env: Record<string, string>;
  stop: () => Promise<void>;
};

/**
 * A local OAuth2 server (oauth2-mock-server) standing in for Discord, Google and GitHub. What its
 * profile endpoint answers next is queued by the tests as files in `queueDir` (oldest first), so a
 * test in a worker process can script the provider that runs in the runner process.
 */
export async function startOAuthProvider(queueDir: string): Promise<OAuthProvider> {
  mkdirSync(queueDir, { recursive: true });
  const { OAuth2Server } = await import('oauth2-mock-server');
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  server.service.on('beforeUserinfo', (response: { statusCode: number; body: unknown }) => {
    const next = readdirSync(queueDir)
      .filter((name) => name.endsWith('.json'))
      .sort()[0];
    if (!next) return;
    const file = path.join(queueDir, next);
    response.body = JSON.parse(readFileSync(file, 'utf8'));
    response.statusCode = 200;
    rmSync(file);
  });
  const url = server.issuer.url as string;
  const env: Record<string, string> = { GITHUB_EMAILS_URL: `${url}/userinfo` };
  for (const provider of OAUTH_PROVIDER_NAMES) {
    const prefix = provider.toUpperCase();
    Object.assign(env, {
      [`${prefix}_CLIENT_ID`]: `${provider}-client`,
      [`${prefix}_CLIENT_SECRET`]: `${provider}-secret`,
      [`${prefix}_AUTHORIZE_URL`]: `${url}/authorize`,
      [`${prefix}_TOKEN_URL`]: `${url}/token`,
      [`${prefix}_PROFILE_URL`]: `${url}/userinfo`,
    });
  }
  return { url, env, stop: () => server.stop() };
}

let queued = 0;

/** Test side: the next profile answers (GitHub asks twice: the user, then its e-mail list). */
export function queueOAuthProfiles(...bodies: unknown[]): void {
  const dir = process.env.E2E_OAUTH_QUEUE_DIR;
  if (!dir) throw new Error('E2E_OAUTH_QUEUE_DIR is not set: run the suite through global-setup.ts');
  for (const body of bodies) {
    queued += 1;
    const name = `${Date.now()}-${process.pid}-${String(queued).padStart(5, '0')}.json`;
    // Written aside, then renamed: the provider never reads a half-written answer.
    writeFileSync(path.join(dir, `${name}.part`), JSON.stringify(body));
    renameSync(path.join(dir, `${name}.part`), path.join(dir, name));
  }
}
