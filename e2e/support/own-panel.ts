import { test, type Browser, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startServer, type RunningServer } from './server';

/**
 * A panel of the calling describe block's own, started with `env` (and the demo off, unless `env`
 * says otherwise) before its tests, stopped after them with its data folder. Read `url` in a test.
 */
export const ownPanel = (name: string, env: Record<string, string>): { readonly url: string } => {
  let panel: RunningServer | undefined;
  let dataDir: string | undefined;
  test.beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), `outpost-e2e-${name}-`));
    panel = await startServer({ port: await freePort(), dataDir, env: { DEMO: 'false', ...env } });
  });
  test.afterAll(async () => {
    await panel?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    get url() {
      if (!panel) throw new Error(`The ${name} panel has not started`);
      return panel.url;
    },
  };
};

/** Runs `check` on a page of its own twice: before any script runs (the prerendered markup), then with them. */
export const withAndWithoutScripts = async (browser: Browser, check: (page: Page) => Promise<void>) => {
  for (const javaScriptEnabled of [false, true]) {
    const context = await browser.newContext({ javaScriptEnabled });
    try {
      await check(await context.newPage());
    } finally {
      await context.close();
    }
  }
};
