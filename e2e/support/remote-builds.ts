import { execFile, spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './server';

/** Builds a remote into `outDir` (under the remote's folder) with extra build variables. */
export const buildRemote = (remote: string, outDir: string, env: Record<string, string>): string => {
  const build = spawnSync('npx', ['rspack', 'build'], {
    cwd: path.join(repoRoot, remote),
    env: { ...process.env, NODE_ENV: 'production', OUTPOST_OUT_DIR: outDir, ...env },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`building ${remote} failed:\n${build.stdout}\n${build.stderr}`);
  return path.join(repoRoot, remote, outDir);
};

const TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.css': 'text/css',
  '.js': 'text/javascript',
};

/**
 * A second origin (its own port, CORS open) serving `dir` under each prefix; `rewrite` may change a
 * prefix's mf-manifest.json (e.g. to name other contracts). `up` false answers nothing (a host down).
 */
export const serveBuilds = (
  dir: string,
  rewrite: Record<string, (manifest: Record<string, unknown>) => unknown> = {},
): Promise<{ server: Server; origin: string; state: { up: boolean } }> => {
  const state = { up: true };
  const server = createServer((req, res) => {
    if (!state.up) return void req.socket.destroy();
    const [, prefix = '', ...rest] = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).split(
      '/',
    );
    const file = path.join(dir, ...rest);
    res.setHeader('Access-Control-Allow-Origin', '*');
    try {
      if (!file.startsWith(dir) || !statSync(file).isFile()) throw new Error('missing');
      let body: Buffer | string = readFileSync(file);
      const change = rewrite[prefix];
      if (change && file.endsWith('mf-manifest.json'))
        body = JSON.stringify(change(JSON.parse(body.toString())));
      res
        .writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' })
        .end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ server, origin: `http://127.0.0.1:${port}`, state });
    }),
  );
};

/**
 * `npm run panel -- <args>` against a panel's data folder; answers its output. Asynchronous: the
 * second origin it checks is served by this same process.
 */
export const panelCommand = (
  dataDir: string,
  publicUrl: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<string> =>
  new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(repoRoot, 'services/api/dist/cli.js'), ...args],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          PUBLIC_URL: publicUrl,
          LOG_LEVEL: 'warn',
          OUTPOST_OPERATOR: 'e2e',
          ...env,
        },
        encoding: 'utf8',
      },
      (error, stdout, stderr) =>
        error ? reject(new Error(`panel ${args.join(' ')} failed:\n${stdout}\n${stderr}`)) : resolve(stdout),
    );
  });
