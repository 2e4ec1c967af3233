import { paths } from '@outpost/contracts';
import { expect, test } from '@playwright/test';
import { ownerWithServer } from '../../support/networks';
import { panelApi } from '../../support/panel-api';
import { serverAreaLink, serverConsole } from '../../support/server-areas';
import { signedInPage } from '../../support/sign-in';

// A server's Members area against the real panel: the owner sees who can act on the server and
// what each role may do, and makes a member a moderator; the moderator then reads the server's
// console without a prompt to type into.

const stamp = Date.now().toString(36);

test('the owner makes a member a moderator from the Members area; the moderator reads the console only', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { owner, ownerApi, network, server } = await ownerWithServer(browser, {
    user: `mem_${stamp}`,
    network: `EU Staff ${stamp}`,
    server: 'EU Staff',
    address: '203.0.113.231:28015',
  });
  const modName = `mod_${stamp}`;
  const mod = await signedInPage(browser, modName);
  const invite = await ownerApi.post<{ code: string }>('/api/invites', { networkId: network.id, maxUses: 1 });
  await (await panelApi(mod)).post('/api/invites/join', { inviteCode: invite.code });

  await owner.goto(paths.server(network.id, server.id));
  await serverAreaLink(owner, 'Members').click();
  await expect(owner).toHaveURL(new RegExp(`${paths.serverArea(network.id, server.id, 'members')}$`));

  const matrix = owner.getByRole('table', { name: 'What each role may do' });
  const row = (label: string) =>
    matrix.getByRole('row').filter({ has: owner.getByRole('rowheader', { name: label }) });
  await expect(row('Run console commands').getByRole('cell')).toHaveText([/Yes/, /Yes/, /No/, /No/]);
  await expect(row('Read the console output').getByRole('cell')).toHaveText([/Yes/, /Yes/, /Yes/, /No/]);

  const members = owner.getByRole('list', { name: 'Members' });
  const newcomer = members.getByRole('listitem').filter({ hasText: modName });
  await expect(newcomer.getByText('Member', { exact: true })).toBeVisible();
  await newcomer.getByRole('button', { name: `Manage ${modName}` }).click();
  const dialog = owner.getByRole('dialog', { name: 'Manage Member' });
  await dialog.getByRole('button', { name: 'Make Moderator' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(newcomer.getByText('Moderator', { exact: true })).toBeVisible();

  // The moderator opens the server's Console: the output, no prompt.
  await mod.goto(paths.server(network.id, server.id));
  await serverAreaLink(mod, 'Console').click();
  const console = serverConsole(mod);
  await expect(console.log).toBeVisible();
  await expect(mod.getByText('Read-only: only owners and admins run console commands.')).toBeVisible();
  await expect(console.prompt).toHaveCount(0);
  // Members is not one of a moderator's areas.
  await expect(serverAreaLink(mod, 'Members')).toHaveCount(0);
});
