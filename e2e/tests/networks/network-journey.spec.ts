import { paths } from '@outpost/contracts';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { rotateAndShowBridgeCommand } from '../../support/bridge';
import { signInByMagicLink } from '../../support/sign-in';

// Issue: two people, one network. The owner builds it, the second person joins by invite code and
// is made admin; roles decide what each one sees and may do; settings save; deleting removes it.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const owner = { email: `owner-${stamp}@example.com`, username: `owner_${stamp}` };
const staff = { email: `staff-${stamp}@example.com`, username: `staff_${stamp}` };
const networkName = `Rust Legends ${stamp}`;

const newPage = async (browser: Browser): Promise<Page> => (await browser.newContext()).newPage();
const tabs = (page: Page) => page.getByRole('tablist', { name: 'Network sections' });

test('owner and admin build, share and remove a network', async ({ browser }) => {
  test.setTimeout(120_000);
  const ownerPage = await newPage(browser);
  await ownerPage.goto(paths.landing());
  await signInByMagicLink(ownerPage, owner.email, owner.username);

  // Create the network: it opens on its dashboard.
  await ownerPage.goto(paths.networks());
  await ownerPage.getByRole('button', { name: 'Create Network' }).click();
  const create = ownerPage.getByRole('dialog', { name: 'Create Network' });
  await create.getByLabel('Network Name').fill(networkName);
  await create.getByRole('button', { name: 'Create Network' }).click();
  await expect(ownerPage.getByRole('heading', { name: networkName })).toBeVisible();
  const networkUrl = ownerPage.url();

  // Add a server: a bad name is refused with the spec's message, then the token shows once.
  await ownerPage.getByRole('button', { name: 'Add Server' }).first().click();
  const add = ownerPage.getByRole('dialog', { name: 'Add Server' });
  await add.getByLabel('Server Name').fill('EU <Main>');
  await add.getByLabel(/Connection Address/).fill('play.example.com:28015');
  await add.getByRole('button', { name: 'Add Server' }).click();
  await expect(add).toContainText(
    'Server name contains invalid characters. Use only letters, numbers, spaces, and basic punctuation.',
  );
  await add.getByLabel('Server Name').fill('EU Main');
  await add.getByRole('button', { name: 'Add Server' }).click();
  const token = ownerPage.getByRole('dialog', { name: 'Server Token Created' });
  await expect(token.getByLabel('Server Token')).toHaveValue(/^opsrv_/);
  const firstToken = await token.getByLabel('Server Token').inputValue();
  await token.getByRole('button', { name: 'Done' }).click();
  await expect(token).toHaveCount(0);
  await expect(ownerPage.getByRole('link', { name: /EU Main/ }).first()).toBeVisible();
  await ownerPage.reload();
  await expect(ownerPage.getByText(/opsrv_/)).toHaveCount(0);

  // Invite: the dashboard's code (1 use, 24 hours).
  await ownerPage.getByRole('button', { name: 'Invite', exact: true }).click();
  const invite = ownerPage.getByRole('dialog', { name: 'Invite Members' });
  const existing = invite.locator('output');
  if ((await existing.count()) === 0) await invite.getByRole('button', { name: 'Generate New Code' }).click();
  const code = (await invite.locator('output').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
  await invite.getByRole('button', { name: 'Close' }).first().click();

  // The second person joins with the code; a wrong code gets the spec's message.
  const staffPage = await newPage(browser);
  await staffPage.goto(paths.landing());
  await signInByMagicLink(staffPage, staff.email, staff.username);
  await staffPage.goto(paths.networks());
  await staffPage.getByRole('button', { name: 'Join Network' }).click();
  const join = staffPage.getByRole('dialog', { name: 'Join Network' });
  await join.getByLabel('Invite Code').fill('AAAAA-BBBBB-CCCCC');
  await join.getByRole('button', { name: 'Join Network' }).click();
  await expect(join).toContainText('Invalid invite code. Please check and try again.');
  await join.getByLabel('Invite Code').fill(code);
  await join.getByRole('button', { name: 'Join Network' }).click();
  await expect(staffPage.getByRole('link', { name: networkName })).toBeVisible();

  // As a member: no Members, no Settings, no Add Server.
  await staffPage.goto(networkUrl);
  await expect(tabs(staffPage).getByRole('tab', { name: 'Servers' })).toBeVisible();
  await expect(tabs(staffPage).getByRole('tab', { name: 'Members' })).toHaveCount(0);
  await expect(staffPage.getByRole('button', { name: 'Add Server' })).toHaveCount(0);

  // The owner makes them admin.
  await ownerPage.goto(networkUrl);
  await tabs(ownerPage).getByRole('tab', { name: 'Members' }).click();
  await ownerPage.getByRole('button', { name: `Manage ${staff.username}` }).click();
  await ownerPage
    .getByRole('dialog', { name: 'Manage Member' })
    .getByRole('button', { name: 'Make Admin' })
    .click();
  await expect(ownerPage.getByRole('dialog', { name: 'Manage Member' })).toHaveCount(0);

  // As admin: Members yes, Settings no; can add a server; cannot delete the network.
  await staffPage.reload();
  await expect(tabs(staffPage).getByRole('tab', { name: 'Members' })).toBeVisible();
  await expect(tabs(staffPage).getByRole('tab', { name: 'Settings' })).toHaveCount(0);
  await staffPage.getByRole('button', { name: 'Add Server' }).first().click();
  const adminAdd = staffPage.getByRole('dialog', { name: 'Add Server' });
  await adminAdd.getByLabel('Server Name').fill('US Weekly');
  await adminAdd.getByLabel(/Connection Address/).fill('203.0.113.10:28015');
  await adminAdd.getByRole('button', { name: 'Add Server' }).click();
  await staffPage
    .getByRole('dialog', { name: 'Server Token Created' })
    .getByRole('button', { name: 'Done' })
    .click();
  await expect(staffPage.getByRole('link', { name: /US Weekly/ }).first()).toBeVisible();
  await expect(staffPage.getByRole('button', { name: 'Delete Network' })).toHaveCount(0);

  // The owner rotates EU Main's token on its page (it never reported: the Connect your server
  // panel offers it with the bridge command): the old one stops working at once.
  await ownerPage.goto(networkUrl);
  await ownerPage
    .getByRole('link', { name: /EU Main/ })
    .first()
    .click();
  const shown = await rotateAndShowBridgeCommand(ownerPage);
  expect(shown).toMatch(/OUTPOST_TOKEN='opsrv_/);
  const newToken = /OUTPOST_TOKEN='([^']+)'/.exec(shown)?.[1];
  expect(newToken).toBeTruthy();
  expect(newToken).not.toBe(firstToken);
  const heartbeat = (bearer: string) =>
    ownerPage.request.post('/api/plugin/v1/heartbeat', {
      headers: { Authorization: `Bearer ${bearer}` },
      data: { maxPlayers: 10, players: [] },
    });
  expect((await heartbeat(firstToken)).status()).toBe(401);
  expect((await heartbeat(newToken!)).status()).toBe(200);

  // The owner saves settings: they survive a reload.
  await ownerPage.goto(networkUrl);
  await tabs(ownerPage).getByRole('tab', { name: 'Settings' }).click();
  const settings = ownerPage.getByRole('form', { name: 'Network settings' });
  await expect(settings.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await settings.getByLabel('Description').fill('Weekly wipes, EU and US');
  await settings.getByRole('button', { name: 'Save Changes' }).click();
  await expect(settings.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await ownerPage.reload();
  await expect(
    ownerPage.getByRole('form', { name: 'Network settings' }).getByLabel('Description'),
  ).toHaveValue('Weekly wipes, EU and US');

  // The owner deletes the network: gone for both.
  await ownerPage.getByRole('button', { name: 'Delete Network' }).click();
  const confirm = ownerPage.getByRole('dialog', { name: 'Delete Network' });
  await confirm.getByLabel(`Type ${networkName} to confirm`).fill(networkName);
  await confirm.getByRole('button', { name: 'Delete Network' }).click();
  await expect(ownerPage).toHaveURL(/\/networks$/);
  await expect(ownerPage.getByRole('link', { name: networkName })).toHaveCount(0);
  await staffPage.goto(paths.networks());
  await expect(staffPage.getByRole('heading', { name: 'No networks yet' })).toBeVisible();
  await expect(staffPage.getByRole('link', { name: networkName })).toHaveCount(0);
  await staffPage.goto(networkUrl);
  await expect(staffPage.getByRole('heading', { name: 'Network not found' })).toBeVisible();
  await expect(staffPage.getByRole('link', { name: 'Back to Networks' })).toBeVisible();
});
