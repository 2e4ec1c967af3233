import { expect, test } from '@playwright/test';
import { paths } from '@outpost/contracts';
import { queueOAuthProfiles } from '../../support/oauth-provider';

// The provider answers come from one queue: these tests run one after the other.
test.describe.configure({ mode: 'serial' });

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test.describe('sign-in with a provider (local OAuth2 server)', () => {
  test('Google: the button goes through the provider and back, signed in', async ({ page }) => {
    const id = unique();
    queueOAuthProfiles({
      sub: `g-${id}`,
      email: `g-${id}@example.com`,
      email_verified: true,
      name: `Gina ${id}`,
    });
    await page.goto(paths.login());
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    // A provider name is a name: the guard lets the user straight on to the network list.
    await expect(page).toHaveURL(new RegExp(`${paths.networks()}$`));
    await expect(page.getByRole('banner').getByText(`Gina ${id}`)).toBeVisible();
  });

  test('GitHub: signs in with the verified primary e-mail', async ({ page }) => {
    const id = unique();
    queueOAuthProfiles({ id: Number(id), login: `octo${id}`, name: null, email: null }, [
      { email: `octo-${id}@example.com`, primary: true, verified: true },
    ]);
    await page.goto(paths.login());
    await page.getByRole('link', { name: 'Continue with GitHub' }).click();
    await expect(page).toHaveURL(new RegExp(`${paths.networks()}$`));
    await expect(page.getByRole('banner').getByText(`octo${id}`)).toBeVisible();
  });

  test('Discord: an account without a verified e-mail ends on the failure page with the reason', async ({
    page,
  }) => {
    const id = unique();
    queueOAuthProfiles({ id, username: `d${id}`, email: `d-${id}@example.com`, verified: false });
    await page.goto(paths.login());
    await page.getByRole('link', { name: 'Continue with Discord' }).click();
    await expect(page).toHaveURL(/\/auth\/oauth\/failure\?/);
    await expect(page.getByRole('alert')).toContainText('Sign-in with Discord failed');
    await expect(page.getByRole('alert')).toContainText('has no verified e-mail address');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(new RegExp(`${paths.login()}$`));
  });

  test('the failure page shows a reason it does not know as sent', async ({ page }) => {
    await page.goto(`${paths.oauthFailure()}?reason=${encodeURIComponent('Something odd happened')}`);
    await expect(page.getByRole('alert')).toContainText('Something odd happened');
  });
});
