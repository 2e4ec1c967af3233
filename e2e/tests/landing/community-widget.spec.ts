import { communityWidgetProbeUrl } from '@outpost/contracts';
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startServer, type RunningServer } from '../../support/server';

// A panel configured with a chat widget; the chat service itself is stood in for by routes, so
// the page's own Content-Security-Policy decides whether the frame may load.
const WIDGET_SERVER_ID = '123456789012345678';
const INVITE = 'https://chat.example.org/invite/outpost-e2e';
let panel: RunningServer;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'outpost-e2e-widget-'));
  panel = await startServer({
    port: await freePort(),
    dataDir,
    env: { COMMUNITY_WIDGET_SERVER_ID: WIDGET_SERVER_ID, COMMUNITY_INVITE_URL: INVITE, DEMO: 'false' },
  });
});
test.afterAll(async () => {
  await panel?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const chatServiceAnswers = async (page: Page) => {
  await page.route(communityWidgetProbeUrl(WIDGET_SERVER_ID), (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: JSON.stringify({ id: WIDGET_SERVER_ID, name: 'Outpost', presence_count: 12 }),
    }),
  );
  await page.route('https://discord.com/widget?**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<p>12 members online</p>' }),
  );
};

test('the configured chat widget is framed once its service answers', async ({ page }) => {
  await chatServiceAnswers(page);
  await page.goto(`${panel.url}/`);
  const widget = page.frameLocator('iframe[title="Community chat"]');
  await expect(widget.getByText('12 members online')).toBeVisible();
  await expect(page.getByTestId('community-fallback')).toHaveCount(0);
});

test('an unreachable chat service leaves the invite card, never a broken frame; a panel without the demo says so', async ({
  page,
}) => {
  await page.route('https://discord.com/**', (route) => route.abort('internetdisconnected'));
  const probeFailed = page.waitForEvent('requestfailed', (request) => request.url().endsWith('/widget.json'));
  await page.goto(`${panel.url}/`);
  await probeFailed;
  const card = page.getByTestId('community-fallback');
  await expect(card.getByRole('link', { name: 'Join the chat' })).toHaveAttribute('href', INVITE);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Community chat' })).toHaveAttribute(
    'href',
    INVITE,
  );
  await expect(page.getByRole('button', { name: 'View Live Demo' })).toHaveCount(0);
  await expect(page.getByText('The live demo is turned off on this panel.', { exact: true })).toBeVisible();
  await expect(page.locator('iframe[title="Community chat"]')).toHaveCount(0);
});

test('the configured invite is in the page before its scripts run', async ({ browser }) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await noScript.newPage();
    await page.goto(`${panel.url}/`);
    await expect(
      page.getByTestId('community-fallback').getByRole('link', { name: 'Join the chat' }),
    ).toHaveAttribute('href', INVITE);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Community chat' })).toHaveAttribute(
      'href',
      INVITE,
    );
  } finally {
    await noScript.close();
  }
});
