import { expect, test } from '@playwright/test';
import { paths } from '@outpost/contracts';
import { requestMagicLink, signUpByMagicLink, uniqueEmail } from '../../support/account';

// Every rule of the route guard (spec section 2), in the browser against the real server.
test.describe('route guard', () => {
  test('landing and features pass freely when signed out', async ({ page }) => {
    await page.goto(paths.features());
    await expect(page).toHaveURL(new RegExp(`${paths.features()}$`));
    await page.goto(paths.landing());
    await expect(page.locator('[data-remote="mfe-landing"]')).toBeVisible();
  });

  for (const target of [
    paths.networks(),
    paths.profile(),
    paths.plan(),
    paths.dashboard(),
    paths.setupUsername(),
  ])
    test(`signed out, the auth route ${target} goes to /login`, async ({ page }) => {
      await page.goto(target);
      await expect(page).toHaveURL(new RegExp(`${paths.login()}$`));
      await expect(page.getByRole('heading', { name: 'Sign in to Outpost' })).toBeVisible();
    });

  test('signed in, /login goes to the network list', async ({ page }) => {
    await signUpByMagicLink(page);
    await page.goto(paths.login());
    await expect(page).toHaveURL(new RegExp(`${paths.networks()}$`));
  });

  test('signed in with an empty name, any auth route goes to username setup, which stays put', async ({
    page,
  }) => {
    const link = await requestMagicLink(page, uniqueEmail('nameless'));
    await page.goto(link.toString());
    await expect(page).toHaveURL(new RegExp(`${paths.setupUsername()}$`));
    for (const target of [paths.profile(), paths.networks(), paths.login()]) {
      await page.goto(target);
      await expect(page).toHaveURL(new RegExp(`${paths.setupUsername()}$`));
    }
    await expect(page.getByRole('heading', { name: 'Choose your username' })).toBeVisible();
  });

  test('when the auth system itself fails, auth routes go to the landing page and others pass', async ({
    page,
  }) => {
    await page.route('**/v1/account', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Server Error', code: 500, type: 'general_unknown' }),
      }),
    );
    await page.goto(paths.networks());
    await expect(page).toHaveURL(new RegExp(`${new URL(page.url()).origin}/$`));
    await expect(page.locator('[data-remote="mfe-landing"]')).toBeVisible();

    await page.goto(paths.login());
    await expect(page).toHaveURL(new RegExp(`${paths.login()}$`));
    await expect(page.getByRole('heading', { name: 'Sign in to Outpost' })).toBeVisible();
  });
});
