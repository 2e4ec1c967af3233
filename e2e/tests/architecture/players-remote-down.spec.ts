import { expect, test } from '@playwright/test';
import { paths } from '@outpost/contracts';

test.describe('a players remote that cannot load', () => {
  test('shows the unavailable message on a players route, and the landing still works', async ({ page }) => {
    await page.route('**/remotes/players/**', (route) => route.abort());
    await page.goto(paths.landing());
    // The demo user is signed in through the identity API (same cookie jar as the page).
    expect((await page.request.post('/v1/account/sessions/demo')).ok()).toBe(true);

    await page.goto(paths.playerProfile('any-network', '76561198000000001'));
    await expect(page.getByRole('heading', { name: 'This section is unavailable' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();

    await page.getByRole('link', { name: 'Outpost home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('[data-remote="mfe-landing"]')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
