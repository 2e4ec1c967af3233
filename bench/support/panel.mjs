// Shared by the benchmarks: start the built panel on a free port, and launch Debian's Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The operator command that puts a user on a plan (users:plan), on the panel's database (same build). */
export const setPlan = (env, email, plan) => {
  const main = process.env.OUTPOST_API_MAIN || path.join(repoRoot, 'services/api/dist/main.js');
  const cli = spawnSync(
    process.execPath,
    [path.join(path.dirname(main), 'cli.js'), 'users:plan', email, plan],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    },
  );
  if (cli.status !== 0) throw new Error(`users:plan answered ${cli.status}: ${cli.stderr}`);
};

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the built API (services/api/dist) as a child process; `nodeArgs` go to its Node. */
export async function startPanel(env = {}, { nodeArgs = [] } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'outpost-bench-'));
  const url = `http://localhost:${port}`;
  // BENCH_API_NODE_ARGS passes flags to the panel's Node (e.g. --cpu-prof to profile a run);
  // BENCH_PANEL_STDOUT=1 shows its log (with LOG_LEVEL=info, each request and its duration).
  const extraArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // OUTPOST_API_MAIN: another build of the server (a dist of one's own while others edit the tree).
  const main = process.env.OUTPOST_API_MAIN || path.join(repoRoot, 'services/api/dist/main.js');
  const child = spawn(process.execPath, [...nodeArgs, ...extraArgs, main], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', process.env.BENCH_PANEL_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  // A bench that fails half-way must not leave its panel running (and loading the machine).
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`panel exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health/ready`)).ok) break;
    } catch {
      /* not yet listening */
    }
    if (Date.now() > deadline) throw new Error('panel not ready in 30 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    pid: child.pid,
    /** SIGTERM; a panel still running 20 s later (its drain takes 10 s at most) is killed, and that is an error. */
    async stop() {
      process.off('exit', killOnExit);
      const exited = await new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(true);
        const timer = setTimeout(() => resolve(false), 20_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve(true);
        });
        child.kill('SIGTERM');
      });
      if (!exited) {
        child.kill('SIGKILL');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
      if (!exited) throw new Error('the panel did not exit within 20 s of SIGTERM (killed)');
    },
  };
}

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchChromium() {
  const { chromium } = await import('@playwright/test');
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: chromiumArgs,
  });
}

export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
