// A redis-server of bench/live-fanout's own on a free port (Debian's; nothing kept on disk), for the
// two-instance run. null when redis-server is not installed.
import { spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from '../support/panel.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a PING to the port answers PONG. */
const pong = (port) =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    socket.setTimeout(500, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk;
      if (answer.includes('\r\n')) socket.end();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer.startsWith('+PONG')));
  });

export async function startRedisServer() {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  if (found.status !== 0) return null;
  const port = await freePort();
  const child = spawn(
    found.stdout.trim(),
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', '/tmp'],
    { stdio: 'ignore' },
  );
  // A bench that fails half-way must not leave its redis-server running.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  for (let waited = 0; !(await pong(port)); waited += 50) {
    if (child.exitCode !== null || waited > 10_000)
      throw new Error(`redis-server on port ${port} did not answer`);
    await sleep(50);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
