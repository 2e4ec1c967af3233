import { expect, test, type Page } from '@playwright/test';
import { paths } from '@outpost/contracts';
import { signUpByMagicLink } from '../../support/account';

const chooseFromUserMenu = async (page: Page, username: string, item: string) => {
  await page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(username) })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
};

test.describe('profile and plan', () => {
  test('the profile shows the account and its sessions, and saves a new name', async ({ page }) => {
    const { email, username } = await signUpByMagicLink(page);
    await chooseFromUserMenu(page, username, 'Profile Settings');
    await expect(page).toHaveURL(new RegExp(`${paths.profile()}$`));

    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
    await expect(page.getByLabel('Username', { exact: true })).toHaveValue(username);
    const sessions = page.getByRole('list', { name: 'Active sessions' });
    await expect(sessions.getByText('This browser')).toBeVisible();
    await expect(sessions.getByText(/E-mail link/)).toBeVisible();

    await page.getByLabel('Name', { exact: true }).fill('Rust Raider');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();
    await expect(page.getByRole('banner').getByText('Rust Raider')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Rust Raider');
  });

  test('Upgrade to Pro leads to /plan, where the server says the operator handles upgrades', async ({
    page,
  }) => {
    const { username } = await signUpByMagicLink(page);
    await chooseFromUserMenu(page, username, 'Upgrade to Pro');
    await expect(page).toHaveURL(new RegExp(`${paths.plan()}$`));
    await expect(page.getByRole('group', { name: 'Free' }).getByText('Current plan')).toBeVisible();
    await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await expect(page.getByRole('main').getByRole('status')).toContainText(
      'Upgrades are handled by the operator of this panel',
    );
  });
});
