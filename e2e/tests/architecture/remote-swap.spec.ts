import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot, startServer, type RunningServer } from '../../support/server';

// Ships a new build of one remote without rebuilding the shell: the operator builds mfe-landing into
// another folder, hosts it elsewhere, and points /remotes.json at it through REMOTES_JSON.
const v2Dir = path.join(repoRoot, 'mfe-landing/dist-v2');
let cdn: Server;
let panel: RunningServer;
let dataDir: string;

/** The scripts and styles a served index.html references on the panel itself, outside the remotes' folders. */
const shellFiles = (html: string): string[] =>
  [...html.matchAll(/(?:src|href)="(\/(?!remotes\/)[^"]*\.(?:js|css))"/g)].map((match) => match[1]);

function serveStatic(dir: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    res.setHeader('Access-Control-Allow-Origin', '*');
    try {
      if (!file.startsWith(dir) || !statSync(file).isFile()) throw new Error('missing');
      const type = file.endsWith('.json')
        ? 'application/json'
        : file.endsWith('.css')
          ? 'text/css'
          : 'text/javascript';
      res.writeHead(200, { 'Content-Type': type }).end(readFileSync(file));
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ server, origin: `http://127.0.0.1:${port}` });
    }),
  );
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const build = spawnSync('npx', ['rspack', 'build'], {
    cwd: path.join(repoRoot, 'mfe-landing'),
    env: { ...process.env, NODE_ENV: 'production', OUTPOST_BUILD_MARKER: 'v2', OUTPOST_OUT_DIR: 'dist-v2' },
    encoding: 'utf8',
  });
  if (build.status !== 0)
    throw new Error(`building mfe-landing v2 failed:\n${build.stdout}\n${build.stderr}`);

  const hosted = await serveStatic(v2Dir);
  cdn = hosted.server;
  const port = await freePort();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'outpost-e2e-swap-'));
  panel = await startServer({
    port,
    dataDir,
    env: { REMOTES_JSON: JSON.stringify({ landing: `${hosted.origin}/mf-manifest.json` }) },
  });
});

test.afterAll(async () => {
  await panel?.stop();
  cdn?.close();
  rmSync(v2Dir, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('pointing /remotes.json at a second build changes what the shell shows, with the same shell', async ({
  page,
}) => {
  const original = await page.request.get('/').then((r) => r.text());
  await page.goto('/');
  await expect(page.locator('[data-remote="mfe-landing"]')).toBeVisible();
  await expect(page.getByText('Build: v2')).toHaveCount(0);

  // The same shell build: the page references the same shell files; only the hints for the
  // landing remote's own files (served under /remotes/ or from its new host) differ.
  const swappedShell = await page.request.get(`${panel.url}/`).then((r) => r.text());
  expect(shellFiles(swappedShell)).toEqual(shellFiles(original));
  expect(shellFiles(original)).toContainEqual(expect.stringMatching(/^\/main\.[0-9a-f]+\.js$/));
  await page.goto(`${panel.url}/`);
  await expect(page.getByText('Build: v2')).toBeVisible();
  await expect(page.locator('[data-remote="mfe-landing"]')).toBeVisible();
});
