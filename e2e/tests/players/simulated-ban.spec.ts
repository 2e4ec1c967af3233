import { paths } from '@outpost/contracts';
import { SimulatedServer } from '@outpost/simulation';
import { expect, test } from '@playwright/test';
import { panelApi } from '../../support/panel-api';
import { signedInPage } from '../../support/sign-in';

// Two simulated Rust servers (libs/simulation, the same code `npm run simulate` runs) feed a
// network; an admin bans a player from the panel; the simulated server carries the ban out, and
// the other server of the network turns the player away too.

const stamp = Date.now().toString(36);
const panelUrl = `http://localhost:${process.env.E2E_PORT}`;

test('simulated servers feed a network; an admin bans a player; the game carries it out on every server', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await signedInPage(browser, `simo_${stamp}`);
  const ownerApi = await panelApi(owner);
  const network = await ownerApi.post<{ id: string }>('/api/networks', { name: `Simulated ${stamp}` });
  const addServer = (name: string, address: string) =>
    ownerApi.post<{ id: string; token: string }>(`/api/servers/network/${network.id}`, {
      name,
      connectionAddress: address,
    });
  const main = await addServer('EU Main', '203.0.113.210:28015');
  const second = await addServer('EU Second', '203.0.113.211:28015');

  // An admin joins by invite and is made admin by the owner.
  const invite = await ownerApi.post<{ code: string }>('/api/invites', {
    networkId: network.id,
    maxUses: 1,
    expiresInHours: 24,
  });
  const admin = await signedInPage(browser, `sima_${stamp}`);
  const adminApi = await panelApi(admin);
  await adminApi.post('/api/invites/join', { inviteCode: invite.code });
  const members = await ownerApi.get<{ id: string; userEmail: string }[]>(
    `/api/networks/${network.id}/members`,
  );
  const adminMember = members.find((member) => member.userEmail === `sima_${stamp}@example.com`);
  await ownerApi.patch(`/api/networks/${network.id}/members/${adminMember!.id}`, { role: 'admin' });

  // The simulated servers report in (driven tick by tick here rather than on their timers).
  const quiet = () => undefined;
  const simMain = new SimulatedServer({
    baseUrl: panelUrl,
    token: main.token,
    players: 24,
    seed: 7,
    log: quiet,
  });
  const simSecond = new SimulatedServer({
    baseUrl: panelUrl,
    token: second.token,
    players: 8,
    seed: 8,
    log: quiet,
  });
  try {
    await simMain.tick();
    await simSecond.tick();
    await Promise.all([simMain.flushEvents(), simSecond.flushEvents()]);
    const online = simMain.players().length + simSecond.players().length;

    // The admin sees the players appear with the live count, and finds one by name.
    await admin.goto(paths.network(network.id));
    await admin
      .getByRole('tablist', { name: 'Network sections' })
      .getByRole('tab', { name: 'Players' })
      .click();
    const onlineCard = admin
      .getByText('Online Players', { exact: true })
      .locator('xpath=following-sibling::*[1]');
    await expect(onlineCard).toHaveText(String(online));
    const table = admin.getByRole('table', { name: 'Players' });
    const target = simMain.players()[0];
    await admin.getByLabel('Search players').fill(target.name);
    await expect(table.getByRole('button', { name: target.name, exact: true })).toBeVisible();

    // The admin bans them on the server they play on.
    await table.getByRole('button', { name: target.name, exact: true }).click();
    await admin.getByRole('group', { name: 'Player actions' }).getByRole('button', { name: 'Ban' }).click();
    const dialog = admin.getByRole('dialog', { name: `Ban ${target.name}` });
    await expect(dialog.getByLabel('Reason')).toHaveValue('Banned by administrator');
    await dialog.getByRole('radio', { name: '30 days' }).check();
    await dialog.getByRole('radio', { name: 'Whole network' }).check();
    await dialog.getByRole('button', { name: 'Ban Player' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Sent — waiting for the server');

    // The simulated server gets the ban with its next heartbeat, removes the player and keeps them out.
    const answer = await simMain.heartbeat();
    expect(
      answer.commands.some((command) => 'steamId' in command && command.steamId === target.steamId),
    ).toBe(true);
    expect(simMain.players().some((player) => player.steamId === target.steamId)).toBe(false);
    expect(simMain.isBanned(target.steamId)).toBe(true);
    expect(simMain.tryJoin(target)).toBe(false);
    // The simulated server reported the ban done: the dialog says so.
    await expect(dialog.getByRole('status')).toHaveText('Banned — confirmed by the server');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);

    // The ban holds on the network's other server: joining there, the player is kicked.
    expect(simSecond.tryJoin(target)).toBe(true);
    const refused = await simSecond.heartbeat();
    expect(
      refused.commands.some((command) => 'steamId' in command && command.steamId === target.steamId),
    ).toBe(true);
    expect(simSecond.players().some((player) => player.steamId === target.steamId)).toBe(false);

    // The punishment shows on the profile.
    await admin.goto(paths.playerProfile(network.id, target.steamId));
    await admin.getByRole('tab', { name: 'Punishments' }).click();
    await expect(admin.getByRole('tabpanel')).toContainText('Banned by administrator');
  } finally {
    await Promise.all([simMain.stop(), simSecond.stop()]);
  }
});
