import { paths } from '@outpost/contracts';
import { expect, test } from '@playwright/test';

test('View Live Demo shows the demo network fed by simulated servers, read-only', async ({ page }) => {
  await page.goto(paths.landing());
  await page.getByRole('button', { name: 'View Live Demo' }).click();
  await expect(page).toHaveURL(new RegExp(`${paths.networks()}$`));

  await page.getByRole('link', { name: 'Demo Network' }).click();
  await expect(page.getByRole('heading', { name: 'Demo Network' })).toBeVisible();
  // The simulated servers report in: players appear with live numbers.
  await page.getByRole('tablist', { name: 'Network sections' }).getByRole('tab', { name: 'Players' }).click();
  const table = page.getByRole('table', { name: 'Players' });
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });

  // The demo user may look but not act.
  await table.getByRole('row').nth(1).getByRole('button').first().click();
  await expect(
    page.getByText('Player information is view-only. Contact an admin for player actions.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Server' })).toHaveCount(0);
});
