// What bench/ingest puts in front of two instances: a redis-server of its own and Debian's nginx
// configured by the files an operator installs (deploy/nginx/outpost.conf's upstream block with
// these instances' addresses, deploy/nginx/outpost-proxy.conf included as it is). Each is killed
// if the bench exits half-way.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../support/panel.mjs';

const DEPLOY = path.join(repoRoot, 'deploy/nginx');
export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

export const redisServerBinary = () => {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
};
export const hasNginx = () => existsSync(NGINX);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A child process that dies with the bench, and `stop()` that ends it with `signal` and waits. */
const owned = (child, signal) => {
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  return () =>
    new Promise((resolve) => {
      process.off('exit', kill);
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill(signal);
    });
};

const pong = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setTimeout(1000, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk;
      if (answer.includes('\r\n')) socket.end();
    });
    socket.on('close', () => resolve(answer.startsWith('+PONG')));
    socket.on('error', () => undefined);
  });

/** redis-server on 127.0.0.1:`port`, keeping nothing on disk. */
export async function startRedis(port) {
  const child = spawn(
    redisServerBinary(),
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', '/tmp'],
    { stdio: 'ignore' },
  );
  const stop = owned(child, 'SIGKILL');
  const deadline = Date.now() + 10_000;
  while (!(await pong(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`redis-server did not answer on port ${port}`);
    }
    await sleep(50);
  }
  return { url: `redis://127.0.0.1:${port}`, pid: child.pid, stop };
}

/** deploy/nginx/outpost.conf's `upstream outpost { ... }` with one server line per address. */
const upstreamBlock = (addresses) => {
  const block = /^upstream outpost \{[\s\S]*?^\}/m.exec(
    readFileSync(path.join(DEPLOY, 'outpost.conf'), 'utf8'),
  );
  if (!block) throw new Error('deploy/nginx/outpost.conf has no "upstream outpost" block');
  const lines = block[0].split('\n');
  const first = lines.findIndex((line) => /^\s*server\s/.test(line));
  const [, indent, options = ''] = /^(\s*)server\s+\S+?(\s[^;]*)?;/.exec(lines[first]);
  const servers = addresses.map((address) => `${indent}server ${address}${options};`);
  return lines
    .flatMap((line, i) => (i === first ? servers : /^\s*server\s/.test(line) ? [] : [line]))
    .join('\n');
};

/** nginx on 127.0.0.1:`port` (one worker per core, as Debian's) balancing `addresses`. */
export async function startNginx(port, addresses) {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'outpost-bench-nginx-'));
  // Run as root, nginx's workers drop to nobody and must reach the temp folders it makes here.
  chmodSync(prefix, 0o755);
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
worker_processes auto;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${prefix}/client-body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${upstreamBlock(addresses)}
  server {
    listen 127.0.0.1:${port};
    include ${path.join(DEPLOY, 'outpost-proxy.conf')};
  }
}
`,
  );
  const child = spawn(NGINX, ['-p', prefix, '-e', `${prefix}/error.log`, '-c', `${prefix}/nginx.conf`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const end = owned(child, 'SIGTERM');
  const stop = async () => {
    await end();
    rmSync(prefix, { recursive: true, force: true });
  };
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ok = await fetch(`${url}/health/live`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = existsSync(`${prefix}/error.log`) ? readFileSync(`${prefix}/error.log`, 'utf8') : '';
      await stop();
      throw new Error(`nginx did not start:\n${log}`);
    }
    await sleep(100);
  }
  return { url, pid: child.pid, stop };
}
