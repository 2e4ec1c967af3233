import { createServer, type Server } from 'node:http';
import { runCli } from '../../src/operator-commands';
import { testEnv, type TestApp } from './index';

/** A remote's Module Federation manifest as its build writes it (the fields the panel reads). */
export const manifestOf = (name: string, buildVersion: string, contractsVersion = '1.0.0') => ({
  id: name,
  name,
  metaData: {
    name,
    buildInfo: { buildVersion, buildName: `@outpost/${name}` },
    remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
    contractsVersion,
  },
  shared: [],
  exposes: [],
});

/** An origin hosting builds of remotes: each path answers its body (JSON, or a string as text), else 404. */
export const startCdn = async (
  manifests: Record<string, unknown>,
  host = '127.0.0.1',
): Promise<{ origin: string; close(): void }> => {
  const cdn: Server = createServer((req, res) => {
    const body = manifests[req.url ?? ''];
    if (body === undefined) return void res.writeHead(404).end();
    if (typeof body === 'string') return void res.writeHead(200, { 'Content-Type': 'text/plain' }).end(body);
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://${host}:${(cdn.address() as { port: number }).port}`,
    close: () => cdn.close(),
  };
};

/** Runs `npm run panel -- <args>` against the test app's database, as OUTPOST_OPERATOR `operator`. */
export const remotesCli =
  (t: TestApp, env: Record<string, string>, operator = 'ops@example.com') =>
  async (...args: string[]) => {
    const out = { logs: [] as string[], errors: [] as string[] };
    const code = await runCli(
      args,
      { ...testEnv(t.database, env), OUTPOST_OPERATOR: operator },
      {
        log: (line) => out.logs.push(line),
        error: (line) => out.errors.push(line),
      },
    );
    return { code, ...out };
  };

/** The script-src of the content-security policy the panel answers /remotes.json with. */
export const scriptSrcOf = async (t: TestApp): Promise<string[]> =>
  /script-src ([^;]*)/
    .exec(String((await t.http.get('/remotes.json')).headers['content-security-policy']))?.[1]
    .trim()
    .split(/\s+/) ?? [];
