import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

/** The local OAuth2 provider the sign-in tests run against (see oauth-mock-server.mjs). */
export type MockOAuthProvider = {
  url: string;
  /** Env overrides pointing one provider's endpoints at this server. */
  envFor(provider: 'discord' | 'google' | 'github'): Record<string, string>;
  /** Queues what the next profile requests answer (in order). */
  queueProfiles(...bodies: unknown[]): Promise<void>;
  stop(): Promise<void>;
};

export const startOAuthProvider = async (): Promise<MockOAuthProvider> => {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [path.join(__dirname, 'oauth-mock-server.mjs')],
    { stdio: 'pipe' },
  );
  const lines = readline.createInterface({ input: child.stdout });
  const waiting: ((line: string) => void)[] = [];
  const buffered: string[] = [];
  lines.on('line', (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else buffered.push(line);
  });
  let exited: Error | null = null;
  child.once('exit', (code) => {
    exited = new Error(`the OAuth2 mock server exited (${code})`);
    for (const waiter of waiting.splice(0)) waiter('');
  });
  const nextLine = async (): Promise<string> => {
    const line =
      buffered.shift() ?? (exited ? '' : await new Promise<string>((resolve) => waiting.push(resolve)));
    if (exited && !line) throw exited;
    return line;
  };
  const { url } = JSON.parse(await nextLine()) as { url: string };
  return {
    url,
    envFor: (provider) => {
      const prefix = provider.toUpperCase();
      return {
        [`${prefix}_CLIENT_ID`]: `${provider}-client`,
        [`${prefix}_CLIENT_SECRET`]: `${provider}-secret`,
        [`${prefix}_AUTHORIZE_URL`]: `${url}/authorize`,
        [`${prefix}_TOKEN_URL`]: `${url}/token`,
        [`${prefix}_PROFILE_URL`]: `${url}/userinfo`,
        // GitHub's e-mail list is the next queued /userinfo answer.
        ...(provider === 'github' ? { GITHUB_EMAILS_URL: `${url}/userinfo` } : {}),
      };
    },
    queueProfiles: async (...bodies) => {
      for (const body of bodies) {
        child.stdin.write(`${JSON.stringify({ body })}\n`);
        await nextLine();
      }
    },
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
    },
  };
};
