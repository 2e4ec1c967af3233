import { paths } from '@outpost/contracts';
import { expect, test, type Page } from '@playwright/test';
import { gameServer, type FakePlayer } from '../../support/plugin';
import { panelApi } from '../../support/panel-api';
import { signedInPage } from '../../support/sign-in';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const players: FakePlayer[] = Array.from({ length: 25 }, (_, i) => ({
  steamId: `7656119800000${String(1000 + i)}`,
  name: i === 0 ? 'Zed Raider' : `Player ${String(i).padStart(2, '0')}`,
  ip: `203.0.113.${i + 1}`,
}));
const cheater = players[0];

const playersTab = (page: Page) =>
  page.getByRole('tablist', { name: 'Network sections' }).getByRole('tab', { name: 'Players' });

test('a server reports players; an admin bans one; the ban reaches the game and holds', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await signedInPage(browser, `plo_${stamp}`);

  // The owner creates a network and a server through the panel's API, keeping the server token.
  const api = await panelApi(owner);
  const network = await api.post<{ id: string }>('/api/networks', { name: `Moderation ${stamp}` });
  const server = await api.post<{ id: string; token: string }>(`/api/servers/network/${network.id}`, {
    name: 'EU Main',
    connectionAddress: '203.0.113.200:28015',
  });
  const game = gameServer(owner.request, server.token);
  await game.heartbeat(players);

  // Players appear with live counts.
  await owner.goto(paths.network(network.id));
  await playersTab(owner).click();
  await expect(owner.getByText('Online Players')).toBeVisible();
  const table = owner.getByRole('table', { name: 'Players' });
  await expect(table.getByRole('row')).toHaveCount(21); // header + a page of 20
  await expect(owner.getByRole('navigation', { name: 'Players pages' })).toContainText('Page 1 of 2');

  // Search by name and by IP (the owner may), then sort by player name.
  const search = owner.getByLabel('Search players');
  await search.fill('Zed');
  await expect(table.getByRole('row')).toHaveCount(2);
  await search.fill('203.0.113.25');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Player 24');
  await search.fill('');
  await table.getByRole('button', { name: 'Player', exact: true }).click();
  await expect(table.getByRole('columnheader', { name: 'Player', exact: true })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(table.getByRole('row').nth(1)).toContainText('Zed Raider');
  await table.getByRole('button', { name: 'Player', exact: true }).click();
  await expect(table.getByRole('columnheader', { name: 'Player', exact: true })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(table.getByRole('row').nth(1)).toContainText('Player 01');

  // The list lives in the address: a reload shows the same search and sort.
  await search.fill('Player 1');
  await expect(owner).toHaveURL(/[?&]q=Player\+1(&|$)/);
  await owner.reload();
  await expect(owner.getByLabel('Search players')).toHaveValue('Player 1');
  await expect(table.getByRole('columnheader', { name: 'Player', exact: true })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(table.getByRole('row').nth(1)).toContainText('Player 1');

  // The owner bans the cheater.
  await search.fill('Zed');
  await table.getByRole('button', { name: 'Zed Raider' }).click();
  await owner.getByRole('group', { name: 'Player actions' }).getByRole('button', { name: 'Ban' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Ban Zed Raider' });
  await expect(dialog.getByLabel('Reason')).toHaveValue('Banned by administrator');
  // Neither how long nor where is chosen beforehand; a permanent ban of the network asks again.
  await dialog.getByRole('button', { name: 'Ban Player' }).click();
  await expect(dialog.getByText('Choose how long the ban lasts')).toBeVisible();
  await expect(dialog.getByText('Choose where the ban holds')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Permanent' }).check();
  await dialog.getByRole('radio', { name: 'Whole network' }).check();
  await dialog.getByRole('button', { name: 'Ban Player' }).click();
  await dialog.getByRole('button', { name: 'Confirm Permanent Ban' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Sent — waiting for the server');

  // The game server gets the ban with its next heartbeat and reports it done: the dialog says so.
  const commands = await game.heartbeat(players);
  const kick = commands.find((command) => command.steamId === cheater.steamId);
  expect(kick).toBeDefined();
  await game.result(kick!.id);
  await expect(dialog.getByRole('status')).toHaveText('Banned — confirmed by the server');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  await game.heartbeat(players.slice(1));

  // The punishment shows on the profile.
  await owner.goto(paths.playerProfile(network.id, cheater.steamId));
  await owner.getByRole('tab', { name: 'Punishments' }).click();
  await expect(owner.getByRole('tabpanel')).toContainText('Banned by administrator');

  // Rejoining is refused: the next heartbeat that lists them carries a kick again.
  const again = await game.heartbeat(players);
  expect(again.some((command) => command.steamId === cheater.steamId)).toBe(true);

  // A member sees the view-only message instead of actions.
  const { code: inviteCode } = await api.post<{ code: string }>('/api/invites', {
    networkId: network.id,
    maxUses: 1,
    expiresInHours: 24,
  });
  const member = await signedInPage(browser, `plm_${stamp}`);
  await (await panelApi(member)).post('/api/invites/join', { inviteCode });
  await member.goto(paths.network(network.id));
  await playersTab(member).click();
  await member.getByLabel('Search players').fill('Player 05');
  await member.getByRole('table', { name: 'Players' }).getByRole('button', { name: 'Player 05' }).click();
  await expect(
    member.getByText('Player information is view-only. Contact an admin for player actions.'),
  ).toBeVisible();
  await expect(member.getByRole('group', { name: 'Player actions' })).toHaveCount(0);
});
