import { paths } from '@outpost/contracts';
import { expect, test } from '@playwright/test';
import { ownerWithServer } from '../../support/networks';
import { gameServer, type FakePlayer } from '../../support/plugin';

// A server's Players list keeps the players who played there, wherever they are now: one who moved
// to another server of the network, one banned from this server's page while playing elsewhere,
// one reported by a player here, and one who left the game. Each row names where the player is now.

const stamp = Date.now().toString(36);
const player = (n: number, name: string): FakePlayer => ({
  steamId: `765611980${String((Date.now() + n) % 1e8).padStart(8, '0')}`,
  name: `${name} ${stamp}`,
  ip: `198.51.100.${n}`,
});
const ann = player(61, 'Ann'); // East, then West
const ben = player(62, 'Ben'); // only West; banned from East's page
const cat = player(63, 'Cat'); // only West; reported on East
const dan = player(64, 'Dan'); // only West
const eve = player(65, 'Eve'); // on East
const fay = player(66, 'Fay'); // played East, left the game

test("a server's Players list keeps who played there, and names the server each is on now", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { owner, ownerApi, network, server } = await ownerWithServer(browser, {
    user: `splayers_${stamp}`,
    network: `Server Players ${stamp}`,
    server: 'EU East',
    address: '203.0.113.236:28015',
  });
  const west = await ownerApi.post<{ id: string; token: string }>(`/api/servers/network/${network.id}`, {
    name: 'EU West',
    connectionAddress: '203.0.113.237:28015',
  });
  const eastGame = gameServer(owner.request, server.token);
  const westGame = gameServer(owner.request, west.token);
  await eastGame.heartbeat([ann, eve, fay]);
  await westGame.heartbeat([ben, cat, dan]);
  // Ann moves from East to West; Fay leaves the game.
  await eastGame.heartbeat([eve]);
  await westGame.heartbeat([ben, cat, dan, ann]);
  await ownerApi.post(`/api/players/${ben.steamId}/ban`, {
    serverId: server.id,
    reason: 'Raiding from West',
    duration: '7d',
  });
  await eastGame.events([
    {
      id: `report-${stamp}`,
      type: 'report',
      at: new Date().toISOString(),
      reporterSteamId: eve.steamId,
      targetSteamId: cat.steamId,
      subject: 'esp',
      message: 'called out my base from across the map',
    },
  ]);

  await owner.goto(`${paths.serverArea(network.id, server.id, 'players')}?sort=displayName&order=asc`);
  const table = owner.getByRole('table', { name: 'Players' });
  const row = (who: FakePlayer) => table.getByRole('row').filter({ hasText: who.name });
  await expect(table.getByRole('row')).toHaveCount(6); // the header and five players
  await expect(row(ann)).toContainText('Online');
  await expect(row(ann).getByRole('cell').nth(2)).toHaveText('EU West');
  await expect(row(ben)).toContainText('Banned');
  await expect(row(ben).getByRole('cell').nth(2)).toHaveText('EU West');
  await expect(row(cat).getByRole('cell').nth(2)).toHaveText('EU West');
  await expect(row(eve).getByRole('cell').nth(2)).toHaveText('EU East');
  await expect(row(fay).getByRole('cell').nth(2)).toHaveText('Offline');
  await expect(row(dan)).toHaveCount(0);
  await expect(owner.getByRole('navigation', { name: 'Players pages' })).toContainText('5 players');

  // West's list: its own four (Ann is there now), not Eve nor Fay.
  await owner.goto(`${paths.serverArea(network.id, west.id, 'players')}?sort=displayName&order=asc`);
  await expect(table.getByRole('row')).toHaveCount(5);
  await expect(row(dan).getByRole('cell').nth(2)).toHaveText('EU West');
  await expect(row(eve)).toHaveCount(0);
});
