import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '../..');

export type RunningServer = { url: string; process: ChildProcess; stop: () => Promise<void> };

/** The built panel; OUTPOST_API_MAIN runs another build of it (a dist of one's own, say). */
export const API_MAIN = process.env.OUTPOST_API_MAIN || path.join(repoRoot, 'services/api/dist/main.js');

/** Starts the built panel (services/api/dist/main.js) and waits until /health/ready answers 200. */
export async function startServer(opts: { port: string; dataDir: string; env?: Record<string, string> }) {
  const url = `http://localhost:${opts.port}`;
  const child = spawn(process.execPath, [API_MAIN], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: opts.port,
      PUBLIC_URL: url,
      DATA_DIR: opts.dataDir,
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`The panel exited with code ${child.exitCode} during start-up`);
    try {
      const res = await fetch(`${url}/health/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('The panel did not become ready within 30 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
    });
  return { url, process: child, stop } satisfies RunningServer;
}

/** A port nobody listens on right now. */
export function freePort(): Promise<string> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(String(port)));
    });
  });
}
