import { paths } from '@outpost/contracts';
import { expect, test } from '@playwright/test';
import { signedInPage } from '../../support/sign-in';

// The public pages as someone who already has an account meets them on this panel, whose operator
// named no community chat (COMMUNITY_INVITE_URL unset).

const stamp = Date.now().toString(36);

test('a signed-in user is offered their dashboard, not Get Started or a trial, and no chat server', async ({
  browser,
}) => {
  const page = await signedInPage(browser, `returning_${stamp}`);
  await page.goto(paths.landing());
  const main = page.getByRole('main');
  const open = main.locator('.op-hero').getByRole('link', { name: 'Open dashboard' });
  await expect(open).toBeVisible();
  await expect(main.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Start Free Trial' })).toHaveCount(0);
  await open.click();
  await expect(page).toHaveURL(new RegExp(`${paths.dashboard()}$`));

  await page.goto(paths.features());
  await expect(page.getByRole('main').getByRole('link', { name: 'Open dashboard' })).toHaveAttribute(
    'href',
    paths.dashboard(),
  );

  // The user menu offers no chat server that is not this panel's.
  await page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(`returning_${stamp}`) })
    .click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Upgrade to Pro',
    'Profile Settings',
    'Networks',
    'Sign Out',
  ]);
  await expect(menu.getByRole('menuitem', { name: 'Join Discord' })).toHaveCount(0);
});
