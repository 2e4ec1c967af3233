import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './server';

// nginx in front of instances the suite started, configured by the files an operator installs:
// deploy/nginx/outpost.conf's upstream block (its own instances' addresses in place of 3001 and
// 3002) and deploy/nginx/outpost-proxy.conf included as it is. Only what a test cannot have
// differs: plain http on a free port, and a prefix folder of its own for the pid, logs and temp files.

const DEPLOY = path.join(repoRoot, 'deploy/nginx');

/** Debian's nginx, or null when this machine has none (.ci/run installs it). */
export const nginxBinary = (): string | null => {
  const binary = process.env.NGINX_PATH || '/usr/sbin/nginx';
  return existsSync(binary) ? binary : null;
};

/** deploy/nginx/outpost.conf's `upstream outpost { ... }` with one server line per address. */
export const upstreamBlock = (addresses: string[]): string => {
  const block = /^upstream outpost \{[\s\S]*?^\}/m.exec(
    readFileSync(path.join(DEPLOY, 'outpost.conf'), 'utf8'),
  );
  if (!block) throw new Error('deploy/nginx/outpost.conf has no "upstream outpost" block');
  const lines = block[0].split('\n');
  const first = lines.findIndex((line) => /^\s*server\s/.test(line));
  const [, indent, options] = /^(\s*)server\s+\S+?(\s[^;]*)?;/.exec(lines[first]) ?? [];
  const servers = addresses.map((address) => `${indent}server ${address}${options ?? ''};`);
  return lines
    .flatMap((line, i) => (i === first ? servers : /^\s*server\s/.test(line) ? [] : [line]))
    .join('\n');
};

export type RunningNginx = { url: string; stop: () => Promise<void> };

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * nginx on 127.0.0.1:`port` (and on each of `alsoOn`'s addresses) balancing `addresses`
 * (host:port). `workers` is nginx's worker_processes ('auto': one per core). Resolves once it
 * answers /health/live.
 */
export async function startNginx(opts: {
  port: string;
  addresses: string[];
  alsoOn?: string[];
  workers?: number | 'auto';
}): Promise<RunningNginx> {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed (apt-get install nginx)');
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'outpost-nginx-'));
  // Run as root, nginx's workers drop to nobody and must reach the temp folders it creates here.
  chmodSync(prefix, 0o755);
  const config = `
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
worker_processes ${opts.workers ?? 1};
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/client-body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;

${upstreamBlock(opts.addresses)}

  server {
${['127.0.0.1', ...(opts.alsoOn ?? [])].map((host) => `    listen ${host}:${opts.port};`).join('\n')}
    server_name localhost;
    include ${path.join(DEPLOY, 'outpost-proxy.conf')};
  }
}
`;
  writeFileSync(path.join(prefix, 'nginx.conf'), config);
  const child = spawn(binary, ['-p', prefix, '-e', `${prefix}/error.log`, '-c', `${prefix}/nginx.conf`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://localhost:${opts.port}`;
  const log = () => (existsSync(`${prefix}/error.log`) ? readFileSync(`${prefix}/error.log`, 'utf8') : '');
  // SIGTERM is nginx's fast shutdown: open live streams are cut, not waited for. Its workers
  // leave with it.
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited(child);
    rmSync(prefix, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      const why = log();
      await stop();
      throw new Error(`nginx exited with code ${child.exitCode}:\n${why}`);
    }
    const up = await fetch(`${url}/health/live`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      const why = log();
      await stop();
      throw new Error(`nginx did not answer within 10 s:\n${why}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, stop };
}
