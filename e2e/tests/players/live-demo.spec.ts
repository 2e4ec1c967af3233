import { paths } from '@outpost/contracts';
import { expect, test } from '@playwright/test';
import { serverAreaLink, serverConsole } from '../../support/server-areas';

const READ_ONLY = 'The demo is read-only';

test("View Live Demo shows the demo network fed by simulated servers, as an admin's read-only view", async ({
  page,
}) => {
  await page.goto(paths.landing());
  await page.getByRole('button', { name: 'View Live Demo' }).click();
  await expect(page).toHaveURL(new RegExp(`${paths.networks()}$`));

  await page.getByRole('link', { name: 'Demo Network' }).click();
  await expect(page.getByRole('heading', { name: 'Demo Network' })).toBeVisible();
  // An admin's view: the Members tab, and the staff's buttons, which say the demo is read-only.
  const sections = page.getByRole('tablist', { name: 'Network sections' });
  await expect(sections.getByRole('tab', { name: 'Members' })).toBeVisible();
  await expect(sections.getByRole('tab', { name: 'Settings' })).toHaveCount(0);
  for (const name of ['Add Server', 'Invite']) {
    const button = page.getByRole('button', { name, exact: true });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('title', READ_ONLY);
  }
  // Health is a figure of the servers that reported (the simulated servers do at once).
  await expect(page.getByText('Health %').locator('..')).toContainText(/\d+%/, { timeout: 30_000 });

  // The simulated servers report in: players appear with live numbers.
  await sections.getByRole('tab', { name: 'Players' }).click();
  const table = page.getByRole('table', { name: 'Players' });
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  // The moderation buttons show, disabled: the demo may look but not act.
  await table.getByRole('row').nth(1).getByRole('button').first().click();
  for (const name of ['Kick', 'Warn', 'Ban']) {
    const button = page.getByRole('button', { name, exact: true });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('title', READ_ONLY);
  }
  await page.getByRole('button', { name: 'Back to Players' }).click();

  // Members' lines are facts.
  await sections.getByRole('tab', { name: 'Members' }).click();
  const members = page.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('listitem').filter({ hasText: 'Demo User' })).toContainText(
    'Admin · last active',
  );
});

test('the demo reads a server console, its prompt disabled, and finds players in Player Profile', async ({
  page,
}) => {
  expect((await page.request.post('/v1/account/sessions/demo')).ok()).toBe(true);
  await page.goto(paths.networks());
  await page.getByRole('link', { name: 'Demo Network' }).click();
  await page.getByRole('link', { name: 'Outpost Demo | EU Main' }).click();

  await serverAreaLink(page, 'Console').click();
  const { log, prompt } = serverConsole(page);
  await expect(log).toBeVisible();
  await expect(prompt).toBeDisabled();
  await expect(prompt).toHaveAttribute('placeholder', READ_ONLY);
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toHaveAttribute('title', READ_ONLY);

  await serverAreaLink(page, 'Player Profile').click();
  const box = page.getByLabel('Find a player');
  await box.fill('a');
  const found = page.getByRole('list', { name: 'Players found' });
  await expect(found.getByRole('link').first()).toBeVisible({ timeout: 30_000 });
  await found.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/networks\/[^/]+\/profile\/\d+$/);
});
