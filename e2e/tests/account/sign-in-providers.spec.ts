import { paths } from '@outpost/contracts';
import { expect, test } from '@playwright/test';
import { ownPanel } from '../../support/own-panel';

// Sign-in offers only the providers a panel has configured. The suite's panel has all three (the
// local OAuth2 server plays them); this spec starts one with GitHub alone, and one with none.

const providerLinks = ['Continue with Discord', 'Continue with Google', 'Continue with GitHub'];

test('the suite’s panel, with all three configured, offers all three', async ({ page }) => {
  await page.goto(paths.login());
  await expect(page.getByRole('list', { name: 'Sign in with a provider' }).getByRole('link')).toHaveText(
    providerLinks,
  );
});

test.describe('a panel with GitHub alone configured', () => {
  // Google has an id but no secret: it cannot sign anyone in, so it is not offered.
  const panel = ownPanel('github-only', {
    GITHUB_CLIENT_ID: 'e2e-github',
    GITHUB_CLIENT_SECRET: 'e2e-github-secret',
    GOOGLE_CLIENT_ID: 'e2e-google',
  });

  test('offers GitHub and the e-mail link, nothing else', async ({ page }) => {
    await page.goto(`${panel.url}${paths.login()}`);
    await expect(page.getByRole('heading', { name: 'Sign in to Outpost' })).toBeVisible();
    const providers = page.getByRole('list', { name: 'Sign in with a provider' });
    await expect(providers.getByRole('link')).toHaveText(['Continue with GitHub']);
    await expect(providers.getByRole('link')).toHaveAttribute(
      'href',
      /\/v1\/account\/sessions\/oauth2\/github\?/,
    );
    await expect(page.getByRole('button', { name: 'Send sign-in link' })).toBeEnabled();
  });
});

test.describe('a panel with no provider configured', () => {
  const panel = ownPanel('no-providers', {});

  test('offers the e-mail link alone, with no "or" before nothing', async ({ page }) => {
    await page.goto(`${panel.url}${paths.login()}`);
    await expect(page.getByRole('button', { name: 'Send sign-in link' })).toBeEnabled();
    await expect(page.getByRole('list', { name: 'Sign in with a provider' })).toHaveCount(0);
    for (const name of providerLinks) await expect(page.getByRole('link', { name })).toHaveCount(0);
    await expect(page.getByText('or', { exact: true })).toHaveCount(0);
  });
});
