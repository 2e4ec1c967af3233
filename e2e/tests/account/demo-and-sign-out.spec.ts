import { expect, test } from '@playwright/test';
import { paths } from '@outpost/contracts';

test.describe('demo sign-in and sign-out', () => {
  test('View Live Demo signs in as the demo user with the DEMO badge', async ({ page }) => {
    await page.goto(paths.login());
    await page.getByRole('button', { name: 'View Live Demo' }).click();
    await expect(page).toHaveURL(new RegExp(`${paths.networks()}$`));
    await expect(page.getByTestId('plan-badge')).toHaveText('DEMO');
    await expect(page.getByRole('banner').getByText('Demo User')).toBeVisible();
  });

  test('the demo profile is read-only', async ({ page }) => {
    expect((await page.request.post('/v1/account/sessions/demo')).ok()).toBe(true);
    await page.goto(paths.profile());
    await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('The demo is read-only');
    await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
    const save = page.getByRole('button', { name: 'Save Changes' });
    await expect(save).toBeDisabled();
    await expect(save).toHaveAttribute('title', 'The demo is read-only');
  });

  test('Sign Out returns to /login, and a protected route then redirects to /login', async ({ page }) => {
    await page.goto(paths.login());
    await page.getByRole('button', { name: 'View Live Demo' }).click();
    await expect(page).toHaveURL(new RegExp(`${paths.networks()}$`));

    await page
      .getByRole('banner')
      .getByRole('button', { name: /Demo User/ })
      .click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(new RegExp(`${paths.login()}$`));
    await expect(page.getByRole('heading', { name: 'Sign in to Outpost' })).toBeVisible();

    await page.goto(paths.networks());
    await expect(page).toHaveURL(new RegExp(`${paths.login()}$`));
    expect((await page.request.get('/v1/account')).status()).toBe(401);
  });
});
