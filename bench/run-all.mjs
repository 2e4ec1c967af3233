// Runs every benchmark in turn (each builds nothing: run `npm start` or `npm run build` first).
import { spawnSync } from 'node:child_process';
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
for (const dir of readdirSync(here)) {
  const script = path.join(here, dir, 'run.mjs');
  if (!existsSync(script)) continue;
  console.log(`\n### ${dir}`);
  const r = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
