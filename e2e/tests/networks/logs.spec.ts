import { paths } from '@outpost/contracts';
import { PluginClient } from '@outpost/plugin-sdk';
import { expect, test } from '@playwright/test';
import { ownerWithServer } from '../../support/networks';
import { gameServer } from '../../support/plugin';
import { serverAreaLink } from '../../support/server-areas';

// A server's Logs area and the network's Logs tab, against the real panel: a game server sends
// a join, a chat line and a kill through the plugin protocol, and the timelines show them.

const stamp = Date.now().toString(36);
const panelUrl = `http://localhost:${process.env.E2E_PORT}`;
/** Steam IDs unique to this run (17 digits, as Steam's are). */
const steamId = (n: number) => `765611980${String((Date.now() + n) % 1e8).padStart(8, '0')}`;

test('what a game server reports shows in the Logs area, by kind and by search, and network-wide', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { owner, network, server } = await ownerWithServer(browser, {
    user: `logs_${stamp}`,
    network: `EU Logs ${stamp}`,
    server: 'EU Logs',
    address: '203.0.113.230:28015',
  });
  const ada = { steamId: steamId(1), name: `Ada_${stamp}` };
  const bob = { steamId: steamId(2), name: `Bob_${stamp}` };
  // The heartbeat tells the network who Ada and Bob are; the events are what happened.
  await gameServer(owner.request, server.token).heartbeat([
    { ...ada, ip: '203.0.113.50' },
    { ...bob, ip: '203.0.113.51' },
  ]);
  const game = new PluginClient({ baseUrl: panelUrl, token: server.token });
  const at = (second: number) => new Date(Date.now() - 60_000 + second * 1000);
  await game.sendEvents([
    { type: 'connect', steamId: ada.steamId, name: ada.name, ip: '203.0.113.50', at: at(1) },
    { type: 'connect', steamId: bob.steamId, name: bob.name, at: at(2) },
    { type: 'chat', steamId: ada.steamId, name: ada.name, message: `hello ${stamp}`, at: at(3) },
    {
      type: 'kill',
      killerSteamId: ada.steamId,
      victimSteamId: bob.steamId,
      weapon: 'rifle.ak',
      distance: 87.5,
      headshot: true,
      at: at(4),
    },
  ]);

  await owner.goto(paths.server(network.id, server.id));
  await serverAreaLink(owner, 'Logs').click();
  await expect(owner).toHaveURL(new RegExp(`${paths.serverArea(network.id, server.id, 'logs')}$`));
  const timeline = owner.getByRole('log', { name: 'Server logs' });
  const chat = timeline.getByRole('listitem').filter({ hasText: `${ada.name}: hello ${stamp}` });
  const kill = timeline
    .getByRole('listitem')
    .filter({ hasText: `${ada.name} killed ${bob.name} with rifle.ak (88 m, headshot)` });
  const join = timeline.getByRole('listitem').filter({ hasText: `${ada.name} joined (IP 203.0.113.50)` });
  await expect(chat).toBeVisible();
  await expect(kill).toBeVisible();
  await expect(join).toBeVisible();
  await expect(kill.getByRole('link', { name: bob.name })).toHaveAttribute(
    'href',
    paths.playerProfile(network.id, bob.steamId),
  );

  // Switching Chat and Joins off leaves the kill; the chips are toggle buttons.
  const chip = (name: string) => owner.getByRole('button', { name, exact: true });
  await chip('Chat').click();
  await chip('Joins').click();
  await expect(chip('Chat')).toHaveAttribute('aria-pressed', 'false');
  await expect(chat).toHaveCount(0);
  await expect(join).toHaveCount(0);
  await expect(kill).toBeVisible();

  // Every kind again, and a search narrows to the chat line.
  await chip('Chat').click();
  await chip('Joins').click();
  await owner.getByRole('searchbox', { name: 'Search' }).fill(`hello ${stamp}`);
  await expect(kill).toHaveCount(0);
  await expect(chat).toBeVisible();
  await expect(timeline.getByRole('listitem')).toHaveCount(1);

  // The network's Logs tab merges its servers, each line naming its server.
  await owner.goto(paths.network(network.id));
  await owner.getByRole('tab', { name: 'Logs' }).click();
  const networkLine = owner
    .getByRole('log', { name: 'Network logs' })
    .getByRole('listitem')
    .filter({ hasText: `${ada.name}: hello ${stamp}` });
  await expect(networkLine).toContainText('EU Logs');
});
