// `npm test`: format, lint, typecheck, unit + API tests, then the e2e suites in Chromium.
// Stops at the first failing step and says which one it was.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', FORCE_COLOR: '0' };
const nx = (...args) => ['npx', 'nx', ...args, '--outputStyle=static'];

const steps = [
  ['format', ['npx', 'prettier', '--check', '.', '--log-level', 'warn']],
  ['lint and typecheck', nx('run-many', '-t', 'lint', 'typecheck', '--parallel=2')],
  ['unit and API tests', nx('run-many', '-t', 'test', '--parallel=2')],
  ['end-to-end tests (Chromium)', nx('run', 'e2e:e2e')],
];

const started = Date.now();
for (const [name, [cmd, ...args]] of steps) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const t = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n=== FAILED: ${name} (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
  console.log(`=== ${name}: ok in ${((Date.now() - t) / 1000).toFixed(1)}s`);
}
console.log(`\n=== all steps passed in ${((Date.now() - started) / 1000).toFixed(1)}s`);
