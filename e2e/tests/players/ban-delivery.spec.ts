import { paths } from '@outpost/contracts';
import { expect, test, type Page } from '@playwright/test';
import { ownerWithServer } from '../../support/networks';
import { gameServer } from '../../support/plugin';

// Issue 38: a ban shows, server by server, whether it reached the game (in the Punishments list and
// on the player's profile), and a ban for a server that is offline says it waits there; an unban
// asks why, then asks once more, and the audit log states what happened in sentences. EU Main
// speaks the plugin protocol (the test plays it); EU Down was added and never reported, so it is
// offline.

const stamp = Date.now().toString(36);

const openPlayer = async (page: Page, networkId: string, name: string) => {
  await page.goto(paths.network(networkId));
  await page.getByRole('tablist', { name: 'Network sections' }).getByRole('tab', { name: 'Players' }).click();
  await page.getByLabel('Search players').fill(name);
  await page.getByRole('table', { name: 'Players' }).getByRole('button', { name }).click();
  await expect(page.getByText('Current Server', { exact: true })).toBeVisible();
};

const auditRow = (page: Page, action: string) =>
  page.getByRole('table', { name: 'Network audit log' }).getByRole('row').filter({ hasText: action });

test('a ban for an offline server is queued there, and the Punishments list shows each server’s state', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { owner, ownerApi, network, server } = await ownerWithServer(browser, {
    user: `bdl_${stamp}`,
    network: `Ban delivery ${stamp}`,
    server: 'EU Main',
    address: '203.0.113.250:28015',
  });
  await ownerApi.post(`/api/servers/network/${network.id}`, {
    name: 'EU Down',
    connectionAddress: '203.0.113.251:28015',
  });
  const game = gameServer(owner.request, server.token);
  const zed = { steamId: '76561198000099101', name: 'Zed Raider', ip: '203.0.113.60' };
  await game.heartbeat([zed]);

  // Zed plays on EU Main; the owner bans him from the whole network, naming EU Down.
  await openPlayer(owner, network.id, zed.name);
  await owner.getByRole('group', { name: 'Player actions' }).getByRole('button', { name: 'Ban' }).click();
  const dialog = owner.getByRole('dialog', { name: `Ban ${zed.name}` });
  await dialog.getByLabel('Server', { exact: true }).selectOption({ label: 'EU Down' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Aimbot');
  await dialog.getByRole('radio', { name: '7 days' }).check();
  await dialog.getByRole('radio', { name: 'Whole network' }).check();
  await dialog.getByRole('button', { name: 'Ban Player' }).click();
  await expect(
    owner.getByText(
      `${zed.name} was banned from the network; the ban is queued for EU Down, which is offline.`,
    ),
  ).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText('Queued: the server is offline');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // EU Main, where Zed plays, takes the kick the ban sent there and confirms it.
  const [kick] = (await game.heartbeat([zed])).filter((command) => command.steamId === zed.steamId);
  expect(kick).toMatchObject({ type: 'kick' });
  await game.result(kick.id, `Kicked: ${zed.name}`);
  await game.heartbeat([]);

  // The Punishments list: the ban waits for EU Down; the kick on EU Main was confirmed.
  await owner.goto(`${paths.network(network.id)}?tab=punishments`);
  const sent = owner.getByRole('list', { name: `Where the ban of ${zed.name} was sent` });
  await expect(sent.getByRole('listitem')).toHaveText(['EU Down Queued', 'EU Main (kick) Confirmed']);

  // The audit log says it in a sentence.
  await owner.getByRole('tab', { name: 'Audit Log' }).click();
  await expect(auditRow(owner, 'Player banned')).toContainText(
    `Banned for 7 days on all servers of Ban delivery ${stamp}. Reason: Aimbot.`,
  );

  // Zed's profile says the same under the ban, in its Punishments tab.
  await owner.goto(paths.playerProfile(network.id, zed.steamId));
  await owner.getByRole('tab', { name: 'Punishments' }).click();
  const onProfile = owner
    .getByRole('table', { name: 'Punishments' })
    .getByRole('list', { name: `Where the ban of ${zed.name} was sent` });
  await expect(onProfile.getByRole('listitem')).toHaveText(['EU Down Queued', 'EU Main (kick) Confirmed']);
});

test('unban asks why, then asks once more; the reason reaches the audit log', async ({ browser }) => {
  test.setTimeout(90_000);
  const { owner, ownerApi, network, server } = await ownerWithServer(browser, {
    user: `ubn_${stamp}`,
    network: `Unban ${stamp}`,
    server: 'EU Main',
    address: '203.0.113.252:28015',
  });
  const game = gameServer(owner.request, server.token);
  const ivy = { steamId: '76561198000099102', name: 'Ivy Looter', ip: '203.0.113.61' };
  await game.heartbeat([ivy]);
  await ownerApi.post(`/api/players/${ivy.steamId}/ban`, {
    serverId: server.id,
    reason: 'Griefing',
    duration: '',
    scope: 'network',
  });

  await openPlayer(owner, network.id, ivy.name);
  await owner.getByRole('group', { name: 'Player actions' }).getByRole('button', { name: 'Unban' }).click();
  const dialog = owner.getByRole('dialog', { name: `Unban ${ivy.name}` });
  // No reason: the API's own words, and nothing is sent.
  await dialog.getByRole('button', { name: 'Unban Player' }).click();
  await expect(dialog.getByText('Reason is required to unban a player')).toBeVisible();
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Appeal accepted');
  await dialog.getByRole('button', { name: 'Unban Player' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    `Unban ${ivy.name} on every server of the network? Reason: “Appeal accepted”.`,
  );
  await dialog.getByRole('button', { name: 'Confirm Unban' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    owner.getByText(
      `${ivy.name} was unbanned; the unban was sent to EU Main and to every server that held the ban.`,
    ),
  ).toBeVisible();
  await expect(
    owner.getByRole('group', { name: 'Player actions' }).getByRole('button', { name: 'Ban' }),
  ).toBeVisible();

  // The ban reads Lifted; the audit log states the unban and its reason, and no entry's details are JSON.
  await owner.goto(`${paths.network(network.id)}?tab=punishments`);
  await expect(owner.getByRole('table', { name: 'Punishments' }).getByRole('row').nth(1)).toContainText(
    'Lifted',
  );
  await owner.getByRole('tab', { name: 'Audit Log' }).click();
  await expect(auditRow(owner, 'Player unbanned')).toContainText(
    `Unbanned on all servers of Unban ${stamp}. Reason: Appeal accepted.`,
  );
  const details = owner.getByRole('table', { name: 'Network audit log' }).locator('td.net-audit__details');
  await expect(details.first()).toBeVisible();
  for (const text of await details.allTextContents()) expect(text).not.toMatch(/[{}]|":/);
});
