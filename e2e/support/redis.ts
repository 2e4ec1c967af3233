import { spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';

/** Debian's redis-server, or null when this machine has none (.ci/run installs it). */
export const redisServerBinary = (): string | null => {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
};

/** Whether something answers PING with PONG at 127.0.0.1:`port`. */
const pong = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setTimeout(1_000, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) socket.end();
    });
    socket.on('close', () => resolve(answer.startsWith('+PONG')));
    socket.on('error', () => undefined);
  });

export type RunningRedis = { url: string; stop: () => Promise<void> };

/** A redis-server of the test's own on `port` (loopback), keeping nothing on disk. */
export async function startRedis(port: number): Promise<RunningRedis> {
  const binary = redisServerBinary();
  if (!binary) throw new Error('redis-server is not installed (apt-get install redis-server)');
  const child = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', '/tmp'],
    { stdio: 'ignore' },
  );
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  const deadline = Date.now() + 10_000;
  while (!(await pong(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`redis-server did not answer on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `redis://127.0.0.1:${port}`, stop };
}
