import { paths } from '@outpost/contracts';
import { expect, test } from '@playwright/test';
import { ownerWithServer } from '../../support/networks';

// A server that is not there (deleted, or a link from another network) says "Server not found"
// once, with why and a way back, whichever remote draws the area: the server page and Logs of the
// networks remote, Players and Punishments of the players remote.

const stamp = Date.now().toString(36);

test('a missing server says "Server not found" once, with a way back, in every area', async ({ browser }) => {
  const { owner, ownerApi, network, server } = await ownerWithServer(browser, {
    user: `gone_${stamp}`,
    network: `Gone ${stamp}`,
    server: 'EU Gone',
    address: '203.0.113.238:28015',
  });
  await ownerApi.delete(`/api/servers/${server.id}`);
  for (const path of [
    paths.server(network.id, server.id),
    paths.serverArea(network.id, server.id, 'logs'),
    paths.serverArea(network.id, server.id, 'players'),
    paths.serverArea(network.id, server.id, 'punishments'),
  ]) {
    await owner.goto(path);
    const alert = owner.getByRole('alert').filter({ hasText: 'Server not found' });
    await expect(alert).toBeVisible();
    await expect(owner.getByText('Server not found')).toHaveCount(1);
    await expect(alert).toContainText('It may have been deleted, or you are not a member of its network.');
    await alert.getByRole('link', { name: 'Back to Network' }).click();
    await expect(owner).toHaveURL(new RegExp(`${paths.network(network.id)}$`));
  }
});
