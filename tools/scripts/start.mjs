// `npm start`: build what changed (Nx cache), then run the one server on http://localhost:3000
// (API + built shell and remotes + the simulated demo servers). The bridge and the simulator are
// built too, so the panel serves /downloads/outpost-bridge.mjs (the file a server page's commands
// fetch), `npx --no-install outpost-bridge` and `npm run simulate`
// work in this checkout.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };
const apps = [
  'shell',
  'mfe-landing',
  'mfe-account',
  'mfe-networks',
  'mfe-players',
  'api',
  'bridge',
  'simulator',
];

console.log(`> nx run-many -t build -p ${apps.join(' ')}`);
const build = spawnSync(
  'npx',
  ['nx', 'run-many', '-t', 'build', '-p', ...apps, '--parallel=2', '--outputStyle=static'],
  { cwd: root, env, stdio: 'inherit' },
);
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(process.execPath, ['services/api/dist/main.js'], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
