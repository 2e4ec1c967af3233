import { expect, test } from '@playwright/test';
import { paths } from '@outpost/contracts';
import { requestMagicLink, signUpByMagicLink, uniqueEmail } from '../../support/account';

test.describe('sign-in by e-mail link', () => {
  test('the link caught by SMTP signs a new user in, through username setup, onto the network list', async ({
    page,
  }) => {
    const email = uniqueEmail('newcomer');
    const link = await requestMagicLink(page, email);
    await expect(page.getByRole('status')).toContainText(`We sent a sign-in link to ${email}`);
    expect(link.pathname).toBe(paths.magicLink());
    expect(link.searchParams.get('userId')).toBeTruthy();
    expect(link.searchParams.get('secret')).toBeTruthy();

    await page.goto(link.toString());
    await expect(page).toHaveURL(new RegExp(`${paths.setupUsername()}$`));
    await expect(page.getByRole('heading', { name: 'Choose your username' })).toBeVisible();

    // Live availability: the rules answer at once, the server says whether the name is free.
    const username = page.getByLabel('Username', { exact: true });
    await username.fill('ab');
    await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
    await username.fill('admin');
    await expect(page.getByText('This username is reserved')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    const chosen = `new_${Date.now().toString(36)}`;
    await username.fill(chosen);
    await expect(page.getByText(`${chosen} is available`)).toBeVisible();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(new RegExp(`${paths.networks()}$`));
    await expect(page.locator('[data-remote="mfe-networks"]')).toBeVisible();
    // The name was empty, so the username became the name shown in the user menu.
    await expect(page.getByRole('banner').getByText(chosen)).toBeVisible();
    await expect(page.getByTestId('plan-badge')).toHaveText('FREE');
  });

  test('a username another user holds is reported as taken', async ({ browser }) => {
    const first = await browser.newPage();
    const { username } = await signUpByMagicLink(first);
    await first.close();

    const page = await browser.newPage();
    const link = await requestMagicLink(page, uniqueEmail('second'));
    await page.goto(link.toString());
    await page.getByLabel('Username', { exact: true }).fill(username.toUpperCase());
    await expect(page.getByText('This username is already taken')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await page.close();
  });

  test('a link used twice says it no longer works and leads back to sign-in', async ({ page, context }) => {
    const email = uniqueEmail('twice');
    const link = await requestMagicLink(page, email);
    await page.goto(link.toString());
    await expect(page).toHaveURL(new RegExp(`${paths.setupUsername()}$`));

    await context.clearCookies();
    await page.goto(link.toString());
    await expect(page.getByRole('alert')).toContainText('This link no longer works');
    await expect(page.getByRole('alert')).toContainText('expired or was already used');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(new RegExp(`${paths.login()}$`));
  });

  test('a link without its secret is reported as incomplete', async ({ page }) => {
    await page.goto(`${paths.magicLink()}?userId=abc`);
    await expect(page.getByRole('alert')).toContainText('This link is incomplete');
    await expect(page.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', paths.login());
  });
});
