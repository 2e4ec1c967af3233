import { paths } from '@outpost/contracts';
import { expect, test } from '@playwright/test';
import { panelApi } from '../../support/panel-api';
import { signedInPage } from '../../support/sign-in';

// Issue 38, item 14: the owner makes a code that makes a moderator, for 3 people over 7 days; the
// person it is read to types it in lower case with spaces and dashes, and joins as a moderator.
// The Members summary then counts no admin (item 15: the owner is not one).
test('an invite made for a moderator, joined with the code typed as heard', async ({ browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const owner = await signedInPage(browser, `inv_own_${stamp}`.slice(0, 20));
  const network = await (
    await panelApi(owner)
  ).post<{ id: string }>('/api/networks', {
    name: `Invites ${stamp}`,
  });

  await owner.goto(paths.network(network.id));
  await owner.getByRole('button', { name: 'Invite', exact: true }).click();
  const dialog = owner.getByRole('dialog', { name: 'Invite Members' });
  await expect(
    dialog.getByText('There is no active invite code. Generate one to invite someone.'),
  ).toBeVisible();
  // A use count out of range is named beside the field, and nothing is made.
  await dialog.getByRole('spinbutton', { name: 'Uses' }).fill('101');
  await dialog.getByRole('button', { name: 'Generate New Code' }).click();
  await expect(dialog.getByText('Uses must be a whole number from 1 to 100')).toBeVisible();
  await expect(dialog.locator('output')).toHaveCount(0);

  await dialog.getByRole('group', { name: 'Joins as' }).getByRole('radio', { name: 'Moderator' }).check();
  await dialog.getByRole('spinbutton', { name: 'Uses' }).fill('3');
  await dialog.getByRole('combobox', { name: 'Expires after' }).selectOption({ label: '7 days' });
  await dialog.getByRole('button', { name: 'Generate New Code' }).click();
  const code = dialog.locator('output');
  await expect(code).toHaveText(/^[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
  await expect(dialog).toContainText('Joins as Moderator · 3 of 3 uses left');
  const given = (await code.textContent())!.trim();
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // Typed as heard on a call: lower case, a space for one dash, spaces around the other, and more.
  const [a, b, c] = given.toLowerCase().split('-');
  const typed = `  ${a} ${b} - ${c}  `;
  const joiner = await signedInPage(browser, `inv_mod_${stamp}`.slice(0, 20));
  await joiner.goto(paths.networks());
  await joiner.getByRole('button', { name: 'Join Network' }).click();
  const join = joiner.getByRole('dialog', { name: 'Join Network' });
  await join.getByLabel('Invite Code').fill(typed);
  await join.getByRole('button', { name: 'Join Network' }).click();
  await expect(joiner.getByText(`You joined Invites ${stamp} as Moderator`)).toBeVisible();
  await expect(join).toHaveCount(0);
  await expect(joiner.getByRole('link', { name: `Invites ${stamp}` })).toBeVisible();

  // The owner sees a moderator in Members, and the code with one use taken.
  await owner.goto(`${paths.network(network.id)}?tab=members`);
  const row = owner
    .getByRole('list', { name: 'Members' })
    .getByRole('listitem')
    .filter({ hasText: `inv_mod_${stamp}`.slice(0, 20) });
  await expect(row).toContainText('Moderator');
  // The summary counts two members and no admins: the owner is the owner, not an admin.
  const stat = (label: string) => owner.locator('.op-stat').filter({ hasText: label });
  await expect(stat('Total Members')).toContainText('2');
  await expect(stat('Admins')).toContainText('0');
  await owner.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(owner.getByRole('dialog', { name: 'Invite Members' })).toContainText(
    'Joins as Moderator · 2 of 3 uses left',
  );
  await owner.context().close();
  await joiner.context().close();
});
