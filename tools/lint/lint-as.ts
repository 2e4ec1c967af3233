import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** The workspace's root. */
export const root = path.resolve(__dirname, '../..');

/** Lints `code` as if it were the file at `file` (relative to the root), with the workspace's config. */
export const lintAs = (file: string, code: string) =>
  spawnSync('npx', ['eslint', '--stdin', '--stdin-filename', file], {
    cwd: root,
    input: code,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false', FORCE_COLOR: '0' },
  });
