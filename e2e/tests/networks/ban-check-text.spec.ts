import { paths } from '@outpost/contracts';
import { startWebRconEmulator } from '@outpost/rcon/testing';
import { expect, test } from '@playwright/test';
import { ownerWithServer } from '../../support/networks';

// Issue 38, item 15: the server page's Ban check says what happens for a server the panel dials
// through WebRCON: the panel sends bans over RCON, and this line is the one call the game makes to
// the panel, so the game server must reach the panel; nothing about a bridge it does not have.
test('the ban check of a server the panel dials says what happens', async ({ browser }) => {
  test.setTimeout(60_000);
  const stamp = Date.now().toString(36);
  const password = `e2e ban check ${stamp}`;
  const { owner, ownerApi, network, server } = await ownerWithServer(browser, {
    user: `bancheck_${stamp}`.slice(0, 20),
    network: `Ban check ${stamp}`,
    server: 'EU Dialled',
    address: '203.0.113.234:28015',
  });
  const game = await startWebRconEmulator({ password, hostname: `Dialled ${stamp}` });
  try {
    await ownerApi.put(`/api/servers/${server.id}/rcon`, { host: game.host, port: game.port, password });
    await owner.goto(paths.server(network.id, server.id));
    const card = owner.getByRole('region', { name: 'Ban check' });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card).toContainText(
      'when a player joins, the game asks this panel whether a ban of the network holds for them',
    );
    await expect(card).toContainText('The panel also sends each ban to the game over RCON');
    await expect(card).toContainText('the server must be able to reach the address below');
    // Its words (not the address, whose path is the plugin protocol's) name no bridge and no plugin.
    for (const words of await card.locator('p').allTextContents())
      expect(words).not.toMatch(/bridge|plugin/i);
    await expect(card.locator('output')).toHaveText(
      new RegExp(`^server\\.bansServerEndpoint "http://localhost:\\d+/api/plugin/v1/ban-check/${server.id}/`),
    );
  } finally {
    await ownerApi.delete(`/api/servers/${server.id}/rcon`).catch(() => undefined);
    await game.stop();
    await owner.context().close();
  }
});
