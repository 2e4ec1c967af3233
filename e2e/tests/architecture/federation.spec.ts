import { expect, test } from '@playwright/test';

test.describe('runtime Module Federation', () => {
  test('the landing route renders content from mfe-landing, loaded through its manifest', async ({
    page,
  }) => {
    const manifest = page.waitForResponse((res) => res.url().endsWith('/remotes/landing/mf-manifest.json'));
    const remotesJson = page.waitForResponse((res) => new URL(res.url()).pathname === '/remotes.json');
    await page.goto('/');
    expect((await remotesJson).status()).toBe(200);
    expect((await manifest).status()).toBe(200);
    await expect(page.locator('[data-remote="mfe-landing"]')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a visitor on / loads no API cache; the first screen that reads the API loads the one shared copy', async ({
    page,
  }) => {
    /** Which apps use the shell's shared @outpost/api-cache, or null while nobody has loaded it. */
    const apiCacheUsers = () =>
      page.evaluate(() => {
        type Share = { loaded?: boolean; useIn?: string[] };
        const scopes = (
          globalThis as {
            __FEDERATION__?: {
              __SHARE__?: Record<string, Record<string, Record<string, Record<string, Share>>>>;
            };
          }
        ).__FEDERATION__?.__SHARE__;
        const versions = Object.values(scopes ?? {}).flatMap((scope) =>
          Object.values(scope.default?.['@outpost/api-cache'] ?? {}),
        );
        const loaded = versions.filter((share) => share.loaded);
        return loaded.length ? loaded.flatMap((share) => share.useIn ?? []) : null;
      });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await apiCacheUsers()).toBeNull();

    await page.getByRole('link', { name: 'Sign In' }).click();
    await expect(page.locator('[data-remote="mfe-account"]')).toBeVisible();
    await expect.poll(apiCacheUsers).toContain('mfe_account');
  });

  test('an unknown path answers 404 and shows the not-found page inside the layout', async ({ page }) => {
    const response = await page.goto('/this/does/not/exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
  });

  test('the panel has a favicon where browsers look for it, and the page links it', async ({
    page,
    request,
  }) => {
    const icon = await request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect([...(await icon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]); // an ICO file's header
    await page.goto('/');
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.ico');
  });

  test('a remote that cannot load is contained; the rest of the panel keeps working', async ({ page }) => {
    await page.route('**/remotes/account/**', (route) => route.abort());
    await page.goto('/login');
    await expect(page.getByText('This section is unavailable')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

    await page.getByRole('banner').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('[data-remote="mfe-landing"]')).toBeVisible();
  });

  test('Retry loads the remote once it is reachable again', async ({ page }) => {
    let blocked = true;
    await page.route('**/remotes/account/**', (route) => (blocked ? route.abort() : route.fallback()));
    await page.goto('/login');
    await expect(page.getByText('This section is unavailable')).toBeVisible();
    blocked = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('This section is unavailable')).toHaveCount(0);
    await expect(page.locator('[data-remote="mfe-account"]')).toBeVisible();
  });
});
