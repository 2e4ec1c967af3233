// Real processes for the suites that need them: the built server (dist/main.js, as `npm start`
// runs it) and a redis-server of Debian's on a free port. Each suite stops what it started.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';
import path from 'node:path';

/** OUTPOST_API_MAIN: another build of the server (a dist of one's own while others edit the tree). */
export const MAIN = process.env.OUTPOST_API_MAIN ?? path.resolve(__dirname, '../../dist/main.js');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export type Exit = { code: number | null; signal: NodeJS.Signals | null };
export const exitOf = (child: ChildProcess) =>
  new Promise<Exit>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

export type Spawned = {
  child: ChildProcess;
  exited: Promise<Exit>;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
};

export const spawnLogged = (command: string, args: string[], env: Record<string, string>): Spawned => {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, exited: exitOf(child), output: () => output };
};

/** The built server with only these variables (and PATH) set. */
export const start = (env: Record<string, string>): Spawned =>
  spawnLogged(process.execPath, [MAIN], { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env });

export const waitUntilReady = async (url: string, exited: Promise<Exit>, timeoutMs = 20_000) => {
  let stopped = false;
  void exited.then(() => (stopped = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopped) {
    const ok = await fetch(`${url}/health/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server at ${url} did not become ready`);
};

/** A built server on a free port, ready; `stop` ends it with SIGTERM (SIGKILL after 10 s). */
export type Instance = Spawned & { url: string; port: number; stop: () => Promise<Exit> };

export const startInstance = async (env: Record<string, string>): Promise<Instance> => {
  const port = await freePort();
  const spawned = start({ HOST: '127.0.0.1', PORT: String(port), ...env });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(url, spawned.exited, 40_000);
  } catch (error) {
    spawned.child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}:\n${spawned.output()}`);
  }
  const stop = async () => {
    if (spawned.child.exitCode === null && spawned.child.signalCode === null) {
      spawned.child.kill('SIGTERM');
      const timer = setTimeout(() => spawned.child.kill('SIGKILL'), 10_000);
      const exit = await spawned.exited;
      clearTimeout(timer);
      return exit;
    }
    return spawned.exited;
  };
  return { ...spawned, url, port, stop };
};

/** Debian's redis-server, or null when this machine has none (.ci/run installs it). */
export const redisServerBinary = (): string | null => {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
};

export type RedisServer = {
  url: string;
  port: number;
  /** SIGKILL: Redis is gone at once, as in a crash. */
  kill: () => Promise<void>;
  /** Starts it again on the same port (empty: it keeps nothing). */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
};

/** One PING over a plain socket (nothing left open or pending whichever way it goes). */
const pingOnce = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk: Buffer) => done(chunk.toString().startsWith('+PONG')));
  });

const pingUntilUp = async (port: number) => {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await pingOnce(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server on port ${port} did not answer`);
};

/** A redis-server of the suite's own on a free port, keeping nothing on disk. */
export const startRedis = async (): Promise<RedisServer> => {
  const binary = redisServerBinary();
  if (!binary) throw new Error('redis-server is not installed (apt-get install redis-server)');
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let server: Spawned;
  const launch = async () => {
    server = spawnLogged(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', '/tmp'],
      { PATH: process.env.PATH ?? '' },
    );
    await pingUntilUp(port);
  };
  const kill = async () => {
    server.child.kill('SIGKILL');
    await server.exited;
  };
  await launch();
  return { url, port, kill, restart: launch, stop: kill };
};
