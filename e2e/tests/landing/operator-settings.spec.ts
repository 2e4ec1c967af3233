import { PLANS_OFF_PRICING, paths } from '@outpost/contracts';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../../support/axe';
import { ownPanel, withAndWithoutScripts } from '../../support/own-panel';

// The landing page of panels whose operators set what it says: their own Premium lines and public
// totals on one, PLANS=off on another. Each panel is started by this spec, with that environment.

test.describe('a panel with its own Premium lines and its totals public', () => {
  const panel = ownPanel('pricing', {
    PREMIUM_PRICE: '€4.99 per month',
    PREMIUM_SUPPORT: 'Help on our chat within a day',
    PUBLIC_STATS: 'on',
  });

  test('the Premium card says the price and support the operator set, before and after the scripts run', async ({
    browser,
  }) => {
    await withAndWithoutScripts(browser, async (page) => {
      await page.goto(`${panel.url}/`);
      const premium = page.locator('#pricing').getByRole('article', { name: 'Premium' });
      await expect(premium).toContainText('€4.99 per month');
      await expect(premium).not.toContainText('$9.99');
      await expect(premium.getByRole('listitem').first()).toHaveText(
        'Included: Help on our chat within a day',
      );
      await expect(premium).not.toContainText('24/7 support');
      await expect(premium).toContainText('Most popular');
    });
  });

  test('the live totals are shown, and the page passes axe with them', async ({ page }) => {
    await page.goto(`${panel.url}/`);
    const stats = page.getByRole('region', { name: 'Panel statistics' });
    // A new panel: nothing reports to it yet, and the section says so.
    await expect(stats).toHaveText(
      'This panel is new: no servers report to it yet. Add yours to see it here.',
    );
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);

    // A busy panel's numbers (this one has none): the cards.
    await page.route('**/api/public/stats', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          success: true,
          data: {
            totals: { networks: 12, servers: 40, onlineServers: 31, players: 48_210, onlinePlayers: 1_530 },
            demo: null,
          },
        }),
      }),
    );
    await page.goto(`${panel.url}/`);
    await expect(stats.getByText('Players tracked')).toBeVisible();
    await expect(stats.getByText('31 online')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('a panel started with PLANS=off', () => {
  const panel = ownPanel('plans-off', { PLANS: 'off' });

  test('the pricing section says that everything is included, with no price, before and after the scripts run', async ({
    browser,
  }) => {
    await withAndWithoutScripts(browser, async (page) => {
      await page.goto(`${panel.url}/`);
      const pricing = page.locator('#pricing');
      await expect(pricing.getByRole('heading', { name: PLANS_OFF_PRICING.title })).toBeVisible();
      await expect(pricing).toContainText(PLANS_OFF_PRICING.body);
      await expect(pricing.getByRole('article', { name: 'Premium' })).toHaveCount(0);
      await expect(pricing).not.toContainText('$9.99');
      await expect(pricing.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', paths.login());
      await expect(page.getByRole('link', { name: 'Start Free Trial' })).toHaveAccessibleDescription(
        'Starts an account with everything included: no card, no time limit.',
      );
    });
  });

  test('the terms say so too', async ({ page }) => {
    await page.goto(`${panel.url}${paths.footer('terms')}`);
    await expect(page.getByRole('main')).toContainText('Everything is included on this panel');
    await expect(page.getByRole('main')).not.toContainText('9.99');
  });
});
