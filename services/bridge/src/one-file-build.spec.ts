import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The file the panel serves at /downloads/outpost-bridge.mjs: built as `npm run build` builds it,
// then run from a folder that holds nothing else (no node_modules anywhere up the tree).

const ROOT = join(__dirname, '..');
const DIST = join(ROOT, 'dist');
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

// The workspace's rspack CLI (its package exports no bin path to resolve).
const RSPACK = join(ROOT, '../../node_modules/@rspack/cli/bin/rspack.js');

let folder = '';

beforeAll(() => {
  execFileSync(process.execPath, [RSPACK, 'build', '-c', 'rspack.config.mjs'], {
    cwd: ROOT,
    stdio: 'pipe',
  });
  folder = mkdtempSync(join(tmpdir(), 'outpost-bridge-alone-'));
  copyFileSync(join(DIST, 'outpost-bridge.mjs'), join(folder, 'outpost-bridge.mjs'));
}, 60_000);

afterAll(() => folder && rmSync(folder, { recursive: true, force: true }));

const runAlone = (args: string[]) =>
  execFileSync(process.execPath, ['outpost-bridge.mjs', ...args], {
    cwd: folder,
    env: { PATH: process.env.PATH },
    encoding: 'utf8',
  });

describe('dist/outpost-bridge.mjs', () => {
  it('runs on its own: --version and --help in an empty folder', () => {
    expect(runAlone(['--version'])).toBe(`${version}\n`);
    expect(runAlone(['--help'])).toContain('Usage: outpost-bridge --url <panel>');
    expect(readdirSync(folder)).toEqual(['outpost-bridge.mjs']);
  });

  it('has its SHA-256 beside it, in the form sha256sum -c reads', () => {
    const bytes = readFileSync(join(DIST, 'outpost-bridge.mjs'));
    expect(readFileSync(join(DIST, 'outpost-bridge.mjs.sha256'), 'utf8')).toBe(
      `${createHash('sha256').update(bytes).digest('hex')}  outpost-bridge.mjs\n`,
    );
  });

  it('starts with a shebang and bundles ws, leaving its optional native addons out', () => {
    const text = readFileSync(join(DIST, 'outpost-bridge.mjs'), 'utf8');
    expect(text.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(text).not.toMatch(/from ["']ws["']|require\(["']ws["']\)/);
  });
});
