import { paths } from '@outpost/contracts';
import { expect, test } from '@playwright/test';
import { moderatedNetwork } from '../../support/moderated-network';

// The network's Reports inbox is reached in two steps like every other screen: the network page,
// then its Reports tab (mfe-players' inbox, shown through the shell's slot).
test('the network page → Reports lists the network’s F7 reports; its new-reports link leads there too', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { owner, network } = await moderatedNetwork(browser, 'nreports');
  const report = 'Wallhack near the launch site';

  // Step one: the network page. Step two: its Reports tab.
  await owner.goto(paths.network(network.id));
  await expect(owner.getByRole('heading', { level: 1, name: /^Screens nreports / })).toBeVisible();
  await owner.getByRole('tab', { name: 'Reports' }).click();
  await expect(owner).toHaveURL(new RegExp(`${paths.network(network.id)}\\?tab=reports$`));
  await expect(owner.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
  await expect(owner.getByRole('heading', { level: 2, name: 'Reports' })).toBeVisible();
  const row = owner.getByRole('table', { name: 'Reports' }).getByRole('row').filter({ hasText: report });
  await expect(row).toContainText('EU Main');
  await expect(row).toContainText('New');

  // The Punishments tab is the punishments alone: no inbox inside it.
  await owner.getByRole('tab', { name: 'Punishments' }).click();
  await expect(owner.getByRole('table', { name: 'Punishments' })).toContainText('Zed Raider');
  await expect(owner.getByRole('table', { name: 'Reports' })).toHaveCount(0);
  await expect(owner.getByRole('tablist', { name: 'Punishments and reports' })).toHaveCount(0);

  // The network page's count of new reports is a link to the same tab.
  await owner.goto(paths.network(network.id));
  await owner.getByRole('link', { name: '1 new report' }).click();
  await expect(owner).toHaveURL(new RegExp(`${paths.network(network.id)}\\?tab=reports$`));
  await expect(owner.getByRole('table', { name: 'Reports' })).toContainText(report);
});
