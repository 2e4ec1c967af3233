import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { paths } from '@outpost/contracts';

const seriousOrWorse = (violations: { impact?: string | null; id: string; help: string }[]) =>
  violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`);

test.describe('the login screen', () => {
  test('has no serious or critical axe violations, also in the "check your inbox" state', async ({
    page,
  }) => {
    await page.goto(paths.login());
    await expect(page.getByRole('heading', { name: 'Sign in to Outpost' })).toBeVisible();
    expect(seriousOrWorse((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);

    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
    expect(seriousOrWorse((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
  });

  test('works from the keyboard: e-mail, send, then the providers and the demo in order', async ({
    page,
  }) => {
    await page.goto(paths.login());
    const email = page.getByLabel('E-mail', { exact: true });
    await email.focus();
    await page.keyboard.type('keys@example.com');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByText('keys@example.com')).toBeVisible();
    await page.getByRole('button', { name: 'Use a different e-mail' }).press('Enter');
    await expect(page.getByLabel('E-mail', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Send sign-in link' }).focus();
    const order: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      order.push((await page.evaluate(() => document.activeElement?.textContent ?? '')).trim());
    }
    expect(order).toEqual([
      'Continue with Discord',
      'Continue with Google',
      'Continue with GitHub',
      'View Live Demo',
    ]);
  });
});
