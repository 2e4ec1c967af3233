import { defineConfig } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The suite starts its own server on a free port (global-setup.ts). The port is chosen once, here in the
// main process, and handed to the workers through the environment they inherit.
function freePort(): string {
  const probe = spawnSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]);
  return probe.stdout.toString().trim();
}
process.env.E2E_PORT ||= freePort();
process.env.E2E_DATA_DIR ||= mkdtempSync(path.join(os.tmpdir(), 'outpost-e2e-'));

export const baseURL = `http://localhost:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
