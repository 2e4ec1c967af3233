import { paths } from '@outpost/contracts';
import { expect, test } from '@playwright/test';
import { ownerWithServer } from '../../support/networks';
import { panelApi } from '../../support/panel-api';
import { gameServer } from '../../support/plugin';
import { serverAreaLink } from '../../support/server-areas';
import { signedInPage } from '../../support/sign-in';

// Moderation against the real panel: the game server POSTs a player's F7 report to its signed
// reports URL in the game's own form (data, userid, key); a moderator sees it counted on the
// server page, opens the Reports inbox, punishes the reported player from it with a 7-day ban, and
// the ban shows in the Punishments list with its time left, in the Audit Log and in Recent Activity.

const stamp = Date.now().toString(36);
const rex = { steamId: '76561198000000901', name: 'Rex', ip: '198.51.100.9' };
const bob = { steamId: '76561198000000902', name: `Bob_${stamp}`, ip: '198.51.100.10' };

test('a report arrives, a moderator punishes from it, and the ban shows in Punishments, the audit log and Recent Activity', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { owner, ownerApi, network, server } = await ownerWithServer(browser, {
    user: `rep_${stamp}`,
    network: `EU Reports ${stamp}`,
    server: 'EU Reports',
    address: '203.0.113.232:28015',
  });
  await gameServer(request, server.token).heartbeat([rex, bob]);

  // A moderator, made as people make one: an invite, then the owner's role change.
  const modName = `mod_${stamp}`;
  const mod = await signedInPage(browser, modName);
  const invite = await ownerApi.post<{ code: string }>('/api/invites', { networkId: network.id, maxUses: 1 });
  await (await panelApi(mod)).post('/api/invites/join', { inviteCode: invite.code });
  const members = await ownerApi.get<{ id: string; name: string; username?: string }[]>(
    `/api/networks/${network.id}/members`,
  );
  const membership = members.find((member) => JSON.stringify(member).includes(modName))!;
  await ownerApi.patch(`/api/networks/${network.id}/members/${membership.id}`, { role: 'moderator' });

  // The game server sends the report as the game does, with the dialog's screenshot (a JPEG).
  const screenshot = await mod.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 8;
    canvas.height = 6;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#c0392b';
    context.fillRect(0, 0, 8, 6);
    return canvas.toDataURL('image/jpeg').split(',')[1];
  });
  const { reportsPath, reportsKey } = await ownerApi.get<{ reportsPath: string; reportsKey: string }>(
    `/api/servers/${server.id}`,
  );
  const sent = await request.post(reportsPath, {
    form: {
      userid: rex.steamId,
      key: reportsKey,
      data: JSON.stringify({
        Subject: 'Aimbot at outpost',
        Message: `${bob.name} hits every shot through the wall`,
        Type: 2,
        TargetId: bob.steamId,
        TargetName: bob.name,
        AppInfo: { UserId: rex.steamId, UserName: rex.name, Image: screenshot },
      }),
    },
  });
  expect(sent.status()).toBe(201);

  // The moderator sees it counted on the server page and opens the inbox.
  await mod.goto(paths.server(network.id, server.id));
  await mod.getByRole('link', { name: '1 new report' }).click();
  await expect(mod).toHaveURL(
    new RegExp(`${paths.serverArea(network.id, server.id, 'punishments')}\\?tab=reports`),
  );
  const reports = mod.getByRole('table', { name: 'Reports' });
  const row = reports.getByRole('row').filter({ hasText: 'Aimbot at outpost' });
  await expect(row).toContainText('cheat');
  await expect(row).toContainText('New');
  await row.getByRole('button', { name: 'Aimbot at outpost' }).click();
  await expect(row).toContainText('Screenshot attached');

  // The screenshot, fetched with the moderator's session, and what the game sent.
  await mod.getByRole('button', { name: 'View screenshot' }).click();
  const shot = mod.getByRole('dialog', { name: 'Report screenshot' }).getByRole('img');
  await expect(shot).toBeVisible();
  expect(await shot.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(8);
  await mod.keyboard.press('Escape');
  await mod.getByRole('button', { name: 'What the game sent' }).click();
  const sentView = mod.getByRole('dialog', { name: 'What the game sent' });
  await expect(sentView).toContainText('"Subject": "Aimbot at outpost"');
  await expect(sentView).toContainText('"Image": "(screenshot)"');
  await mod.keyboard.press('Escape');
  await expect(sentView).toHaveCount(0);
  await mod.getByRole('button', { name: 'Punish' }).click();

  const dialog = mod.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'Ban' }).check();
  await dialog.getByLabel('Reason').fill('Aimbot (F7 report)');
  await dialog.getByRole('radio', { name: '7 days' }).check();
  await dialog.getByRole('radio', { name: 'Whole network' }).check();
  await dialog.getByRole('button', { name: 'Ban Player' }).click();
  // The dialog follows the ban's command until the moderator is done with it.
  await expect(dialog.getByRole('status')).toContainText('waiting for the server');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('Resolved');

  // The ban in the Punishments list: active, with its time left.
  await mod.getByRole('tab', { name: 'Punishments' }).click();
  const list = mod.getByRole('table', { name: 'Punishments' });
  const ban = list.getByRole('row').filter({ hasText: bob.name });
  await expect(ban).toContainText('Aimbot (F7 report)');
  await expect(ban).toContainText('Active');
  await expect(ban).toContainText(/6d 2\dh|7d/);
  await expect(ban).toContainText(modName);

  // The audit log names the moderator and the ban.
  await serverAreaLink(mod, 'Audit Log').click();
  const audit = mod.getByRole('table', { name: 'Server audit log' });
  const banned = audit.getByRole('row').filter({ hasText: 'Player banned' });
  await expect(banned).toContainText(bob.name);
  await expect(banned).toContainText(
    `Banned for 7 days on all servers of EU Reports ${stamp}. Reason: Aimbot (F7 report). In answer to a report.`,
  );

  // Recent Activity on the dashboard: a network ban holds on all servers of the network.
  await mod.goto(paths.dashboard());
  const activity = mod.getByRole('region', { name: 'Recent Activity' });
  await expect(
    activity.getByRole('link', {
      name: new RegExp(`banned ${bob.name} on all servers of EU Reports ${stamp}`),
    }),
  ).toBeVisible();

  // The owner finds the ban in the network's Punishments tab (mfe-players, loaded at run time)
  // and lifts it early.
  await owner.goto(`${paths.network(network.id)}?tab=punishments`);
  const networkList = owner.getByRole('table', { name: 'Punishments' });
  const networkBan = networkList.getByRole('row').filter({ hasText: bob.name });
  await expect(networkBan).toContainText('Whole network');
  await networkBan.getByRole('button', { name: 'Lift' }).click();
  const lift = owner.getByRole('dialog', { name: 'Lift ban' });
  // It asks why first (in the API's words), then asks once more.
  await lift.getByRole('button', { name: 'Lift ban' }).click();
  await expect(lift.getByText('Reason is required to lift a punishment')).toBeVisible();
  await lift.getByRole('textbox', { name: /Reason/ }).fill('Appeal accepted');
  await lift.getByRole('button', { name: 'Lift ban' }).click();
  await expect(lift.getByRole('alert')).toHaveText(
    `Lift the ban of ${bob.name} on every server it reached? Reason: “Appeal accepted”.`,
  );
  await lift.getByRole('button', { name: 'Confirm lift' }).click();
  await expect(lift).toHaveCount(0);
  await expect(networkBan).toContainText('Lifted');
  // The audit log states the lift and its reason.
  await owner.getByRole('tab', { name: 'Audit Log' }).click();
  await expect(
    owner
      .getByRole('table', { name: 'Network audit log' })
      .getByRole('row')
      .filter({ hasText: 'Ban lifted' }),
  ).toContainText('Reason: Appeal accepted.');
});
