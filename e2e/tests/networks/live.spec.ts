import { paths } from '@outpost/contracts';
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ownerWithServer } from '../../support/networks';
import { gameServer, type PluginCommand } from '../../support/plugin';
import { serverAreaLink, serverConsole } from '../../support/server-areas';
import { freePort, startServer } from '../../support/server';

// The live stream (GET /api/live) in the browser: what a game server reports reaches open screens
// without a reload and without polling (screens poll only while the stream is down, every 10 s;
// every wait here is shorter than that).

const stamp = Date.now().toString(36);
const LIVE = { timeout: 5_000 };
const liveIndicator = (page: Page) =>
  page.getByRole('status').filter({ hasText: /Live|Connecting|Reconnecting/ });

test('players joining show in the open players list and the network’s cards; a silent server flips offline', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { owner, network, server } = await ownerWithServer(browser, {
    user: `live_${stamp}`,
    network: `EU Live ${stamp}`,
    server: 'EU Live',
    address: '203.0.113.230:28015',
  });
  const game = gameServer(request, server.token);
  await game.heartbeat([]);

  // The network's cards in one tab, the server's players in another.
  await owner.goto(paths.network(network.id));
  const card = owner.getByRole('article', { name: 'EU Live' });
  await expect(card.getByText('Online')).toBeVisible();
  await expect(card.getByText('0/50')).toBeVisible();
  await expect(liveIndicator(owner)).toHaveText('Live');
  const players = await owner.context().newPage();
  await players.goto(paths.serverArea(network.id, server.id, 'players'));
  const table = players.getByRole('table', { name: 'Players' });
  await expect(liveIndicator(players)).toHaveText('Live');

  await game.heartbeat([{ steamId: '76561198000000301', name: `Rai ${stamp}`, ip: '198.51.100.30' }]);
  await expect(table.getByRole('row', { name: new RegExp(`Rai ${stamp}`) })).toBeVisible(LIVE);
  await expect(card.getByText('1/50')).toBeVisible(LIVE);

  // Silent for 3 heartbeats (30 s): the sweep sets it offline, and the card follows.
  await expect(card.getByText('Offline')).toBeVisible({ timeout: 50_000 });
  await expect(card.getByText('0/50')).toBeVisible(LIVE);
});

test('a console command’s output and a chat line reach the open Console and Logs areas', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const { owner, network, server } = await ownerWithServer(browser, {
    user: `livec_${stamp}`,
    network: `EU Live Console ${stamp}`,
    server: 'EU Live Console',
    address: '203.0.113.231:28015',
  });
  const game = gameServer(request, server.token);
  await game.heartbeat([]);

  await owner.goto(paths.serverArea(network.id, server.id, 'console'));
  await expect(liveIndicator(owner)).toHaveText('Live');
  const { log, run } = serverConsole(owner);
  await run('status');
  let command: PluginCommand | undefined;
  await expect(async () => {
    command = (await game.heartbeat([])).find((candidate) => candidate.type === 'console');
    expect(command).toBeDefined();
  }).toPass(LIVE);
  await game.result(command!.id, `hostname: EU Live Console ${stamp}`);
  await expect(log).toContainText(`hostname: EU Live Console ${stamp}`, LIVE);
  await game.events([
    { id: `line-${stamp}`, type: 'console', at: new Date().toISOString(), message: `Saved ${stamp} ents` },
  ]);
  await expect(log).toContainText(`Saved ${stamp} ents`, LIVE);

  await serverAreaLink(owner, 'Logs').click();
  await expect(owner.getByText(`Saved ${stamp} ents`)).toBeVisible();
  await game.events([
    {
      id: `chat-${stamp}`,
      type: 'chat',
      at: new Date().toISOString(),
      steamId: '76561198000000302',
      name: `Kai ${stamp}`,
      message: `anyone selling sulfur ${stamp}?`,
    },
  ]);
  await expect(owner.getByText(`anyone selling sulfur ${stamp}?`)).toBeVisible(LIVE);
});

test('the stream reconnects after the panel restarts', async ({ browser }) => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'outpost-e2e-live-'));
  const port = await freePort();
  let panel = await startServer({ port, dataDir });
  const page = await (await browser.newContext({ baseURL: panel.url })).newPage();
  try {
    await page.goto('/');
    await page.getByRole('button', { name: 'View Live Demo' }).click();
    await page.getByRole('link', { name: 'Demo Network' }).click();
    await expect(liveIndicator(page)).toHaveText('Live');

    await panel.stop();
    await expect(liveIndicator(page)).toHaveText('Reconnecting…');
    panel = await startServer({ port, dataDir });
    // Back within the schedule's first tries (1 s apart, then 5 s), with the page never reloaded.
    await expect(liveIndicator(page)).toHaveText('Live', { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Demo Network' })).toBeVisible();
  } finally {
    await page.context().close();
    await panel.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
