// `npm run dev`: every web app on its own Rspack dev server with hot reload (shell :4200, remotes
// :4201-4204), and the API on :3000 pointed at them through REMOTES_JSON. Open http://localhost:4200.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_PORTS } from '../mf/web-config.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };
const remotes = ['landing', 'account', 'networks', 'players'];

console.log('> building the API and the libraries it needs');
const build = spawnSync('npx', ['nx', 'run', 'api:build', '--outputStyle=static'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const shellOrigin = `http://localhost:${DEV_PORTS.shell}`;
const children = [
  spawn(process.execPath, ['services/api/dist/main.js'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...env,
      PUBLIC_URL: shellOrigin,
      ALLOWED_ORIGINS: `${shellOrigin},http://localhost:3000`,
      REMOTES_JSON: JSON.stringify(
        Object.fromEntries(
          remotes.map((name) => [name, `http://localhost:${DEV_PORTS[name]}/mf-manifest.json`]),
        ),
      ),
    },
  }),
  ...['shell', ...remotes.map((name) => `mfe-${name}`)].map((app) =>
    spawn('npx', ['rspack', 'serve'], {
      cwd: path.join(root, app),
      stdio: 'inherit',
      env: { ...env, NODE_ENV: 'development' },
    }),
  ),
];

const stop = () => children.forEach((child) => child.kill('SIGTERM'));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
for (const child of children) child.on('exit', () => stop());
console.log(`\nOutpost (development): ${shellOrigin}\n`);
