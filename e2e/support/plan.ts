import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { API_MAIN } from './server';

/**
 * The operator command of the panel under test (the build beside its main.js), on the suite's
 * panel's data, as a person running the panel would.
 */
export const setPlan = (email: string, plan: 'premium' | 'free') => {
  const run = spawnSync(
    process.execPath,
    [path.join(path.dirname(API_MAIN), 'cli.js'), 'users:plan', email, plan],
    {
      env: { ...process.env, DATA_DIR: path.join(process.env.E2E_DATA_DIR ?? '', 'panel') },
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) throw new Error(`users:plan failed: ${run.stderr || run.stdout}`);
};
