import { paths } from '@outpost/contracts';
import { expect, test } from '@playwright/test';
import { ownerWithServer } from '../../support/networks';
import { setPlan } from '../../support/plan';
import { gameServer, type FakePlayer } from '../../support/plugin';

// Suspicious activity on a Premium network: a player reported by three others through the plugin
// protocol's report events rises to the top of the server's list, with the reports factor shown
// inline and, opened, its count, distinct reporters, weight and what it adds to the score.

const stamp = Date.now().toString(36);

const player = (n: number, name: string): FakePlayer => ({
  steamId: `7656119800005${String(n).padStart(4, '0')}`,
  name: `${name} ${stamp}`,
  ip: `198.51.100.${100 + n}`,
});

test('a player reported by three others rises in the suspicious list with the reports factor shown', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const user = `sus_${stamp}`;
  const { owner, network, server } = await ownerWithServer(browser, {
    user,
    network: `Suspicious ${stamp}`,
    server: 'EU Watch',
    address: '203.0.113.244:28015',
  });
  setPlan(`${user}@example.com`, 'premium');
  const suspect = player(1, 'Rex');
  const reporters = [2, 3, 4].map((n) => player(n, `Witness ${n}`));
  const ordinary = player(5, 'Quiet');
  const game = gameServer(request, server.token);
  await game.heartbeat([suspect, ordinary, ...reporters]);
  // Someone else is on the list first: one report against the quiet player.
  await game.events([
    {
      id: `q-${stamp}`,
      at: new Date().toISOString(),
      type: 'report',
      reporterSteamId: reporters[0].steamId,
      targetSteamId: ordinary.steamId,
      message: 'Griefing my base',
    },
  ]);

  await owner.goto(paths.serverArea(network.id, server.id, 'suspicious'));
  const list = owner.getByRole('list', { name: 'Players by score' });
  await expect(list.getByRole('listitem').first()).toContainText(ordinary.name);
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // Three players report Rex with F7, as the game sends it through the plugin.
  await game.events(
    reporters.map((reporter, i) => ({
      id: `r-${i}-${stamp}`,
      at: new Date().toISOString(),
      type: 'report',
      reporterSteamId: reporter.steamId,
      targetSteamId: suspect.steamId,
      message: 'Aimbot: headshots through the wall',
      category: 'cheat',
    })),
  );

  // The open page reads the list again on the live stream's report events: no reload.
  const top = list.getByRole('listitem').first();
  await expect(top).toContainText(suspect.name);
  await expect(top).toContainText('Reports 3 from 3 players');
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await top.getByRole('button', { name: new RegExp(suspect.name) }).click();
  const reports = top.getByRole('row', { name: /^Reports/ });
  await expect(reports).toContainText('3 from 3 players');
  await expect(reports).toContainText('reports 3, reporters 3');
  await expect(reports).toContainText('+30');
  // Punish opens the action dialog on them in the server's players area, a ban preselected.
  await top.getByRole('link', { name: 'Punish' }).click();
  await expect(owner).toHaveURL(new RegExp(`${paths.serverArea(network.id, server.id, 'players')}$`));
  const dialog = owner.getByRole('dialog', { name: `Ban ${suspect.name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Ban' })).toBeChecked();
});
