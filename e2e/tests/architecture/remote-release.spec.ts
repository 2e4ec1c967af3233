import { paths } from '@outpost/contracts';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildRemote, panelCommand, serveBuilds } from '../../support/remote-builds';
import { freePort, startServer, type RunningServer } from '../../support/server';
import { signInByMagicLink } from '../../support/sign-in';

// A team ships mfe-players alone on a running panel: a new build served from another origin, set
// with `npm run panel -- remotes:set`, canaried to half the users, rolled back; a build for other
// contracts and a host that is down show the area's explained fallback.
const OUT = 'dist-e2e-release';
const stamp = Date.now().toString(36);
let v2Dir = '';
let cdn: { server: Server; origin: string; state: { up: boolean } };
let panel: RunningServer;
let dataDir: string;

const v2 = () => `${cdn.origin}/v2/mf-manifest.json`;
const run = (...args: string[]) => panelCommand(dataDir, panel.url, args);
const served = async (page: Page) =>
  ((await (await page.request.get('/remotes.json')).json()) as { players: string }).players;
/** Within the 10 s every instance takes to read a change. */
const servedSoon = (page: Page, url: string) =>
  expect.poll(() => served(page), { timeout: 12_000 }).toBe(url);

/** A player's profile (an area of mfe-players) for a new user signed in on a browser of its own. */
const playersArea = async (browser: Browser, label: string): Promise<Page> => {
  const page = await (await browser.newContext({ baseURL: panel.url })).newPage();
  await page.goto(paths.landing());
  await signInByMagicLink(page, `${label}@example.com`, label, panel.url);
  await page.goto(paths.playerProfile('no-such-network', '76561198000000001'));
  await expect(page.locator('[data-remote="mfe-players"]')).toBeVisible();
  return page;
};
const isV2 = (page: Page) => page.getByText('Build: v2').isVisible();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  v2Dir = buildRemote('mfe-players', OUT, { OUTPOST_BUILD_MARKER: 'v2', OUTPOST_BUILD_VERSION: '9.9.9+e2e' });
  cdn = await serveBuilds(v2Dir, {
    next: (manifest) => {
      const meta = manifest.metaData as Record<string, unknown>;
      const major = Number.parseInt(String(meta.contractsVersion), 10) + 1;
      return {
        ...manifest,
        metaData: { ...meta, contractsVersion: `${major}.0.0`, buildInfo: { buildVersion: '2.4.1+e2e' } },
      };
    },
  });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'outpost-e2e-release-'));
  panel = await startServer({
    port: await freePort(),
    dataDir,
    env: { DEMO: 'false', MAIL_URL: process.env.E2E_MAIL_URL ?? '' },
  });
});

test.afterAll(async () => {
  await panel?.stop();
  cdn?.server.close();
  if (v2Dir) rmSync(v2Dir, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('remotes:set ships a build: an open page offers Reload, a reload shows it; rollback brings the old one back', async ({
  browser,
}) => {
  const page = await playersArea(browser, `rel_a_${stamp}`);
  await expect(page.getByText('Build: v2')).toHaveCount(0);

  expect(await run('remotes:set', 'players', v2())).toContain(
    `players now serves ${v2()} (version 9.9.9+e2e`,
  );
  await servedSoon(page, v2());
  expect(await run('remotes:list')).toContain(`  serves    ${v2()} (version 9.9.9+e2e, contracts`);

  // The open page keeps its build; navigating after a minute it learns of the new one. Only the
  // page's clock is a minute ahead: its timers run as they do (the page's screens wait on them).
  await page.clock.setFixedTime(Date.now() + 61_000);
  await page.getByRole('link', { name: 'Outpost home' }).click();
  // The navigation is done once the landing shows: one left before it commits (Back first) has
  // not happened for the page, nor its check.
  await expect(page.locator('[data-remote="mfe-landing"]')).toBeVisible();
  await page.goBack();
  const notice = page
    .getByRole('status')
    .filter({ hasText: 'A newer version of this area is available — Reload' });
  await expect(notice).toBeVisible();
  await expect(page.getByText('Build: v2')).toHaveCount(0);
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByText('Build: v2')).toBeVisible();
  await expect(notice).toHaveCount(0);

  await run('remotes:rollback', 'players');
  await servedSoon(page, '/remotes/players/mf-manifest.json');
  await page.reload();
  await expect(page.locator('[data-remote="mfe-players"]')).toBeVisible();
  await expect(page.getByText('Build: v2')).toHaveCount(0);
});

test('--canary 50: each user sees the same build on every visit, and both builds are seen', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  await run('remotes:set', 'players', v2(), '--canary', '50');
  await new Promise((resolve) => setTimeout(resolve, 6_000)); // every instance reads within 5 s
  const seen: boolean[] = [];
  // Users come until both builds were seen (at least 6, at most 16: a 50 % share leaves each side
  // unseen by 16 users one time in 65,536).
  for (let user = 0; user < 16 && (user < 6 || new Set(seen).size < 2); user += 1) {
    const page = await playersArea(browser, `rel_c${user}_${stamp}`);
    await page.waitForTimeout(300);
    const first = await isV2(page);
    for (let visit = 0; visit < 2; visit += 1) {
      await page.reload();
      await expect(page.locator('[data-remote="mfe-players"]')).toBeVisible();
      await page.waitForTimeout(300);
      expect(await isV2(page)).toBe(first);
    }
    seen.push(first);
    await page.context().close();
  }
  expect(seen).toContain(true);
  expect(seen).toContain(false);
  await run('remotes:rollback', 'players');
});

test('a build for the next contracts major, and a host that is down, show the explained fallback with Retry', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await (await browser.newContext({ baseURL: panel.url })).newPage();
  await run('remotes:set', 'players', `${cdn.origin}/next/mf-manifest.json`);
  await servedSoon(page, `${cdn.origin}/next/mf-manifest.json`);
  await page.close();
  const next = await (await browser.newContext({ baseURL: panel.url })).newPage();
  await next.goto(paths.landing());
  await signInByMagicLink(next, `rel_m_${stamp}@example.com`, `rel_m_${stamp}`, panel.url);
  await next.goto(paths.playerProfile('no-such-network', '76561198000000001'));
  const alert = next.getByRole('alert');
  await expect(alert).toContainText(
    /This area was built for another version of the panel: players 2\.4\.1 for contracts \d+, this panel has contracts \d+/,
  );
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(next.getByRole('banner')).toBeVisible();

  await run('remotes:set', 'players', v2());
  await servedSoon(next, v2());
  cdn.state.up = false;
  await next.reload();
  await expect(next.getByRole('heading', { name: 'This section is unavailable' })).toBeVisible();
  await expect(
    next.getByText('This part of the panel could not be loaded. The rest of Outpost keeps working.'),
  ).toBeVisible();
  cdn.state.up = true;
  await next.getByRole('button', { name: 'Retry' }).click();
  await expect(next.getByText('Build: v2')).toBeVisible();
});
