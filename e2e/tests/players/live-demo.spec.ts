import {
  paths,
  type AlertsResponse,
  type Network,
  type PunishmentsResponse,
  type Server,
} from '@outpost/contracts';
import { expect, test } from '@playwright/test';
import { panelApi } from '../../support/panel-api';
import { serverAreaLink, serverConsole } from '../../support/server-areas';

const READ_ONLY = 'The demo is read-only';
/** The demo's simulated moderator, whose work the demo shows. */
const MODERATOR = 'Mira (simulated moderator)';
/** The simulated servers' first minute (the suite's panel may have just started). */
const FIRST_MINUTE = { timeout: 60_000 };

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

test("the demo shows the product from its first minute: console lines, reports, suspicious players, the moderator's punishments, audit entries and alerts", async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect((await page.request.post('/v1/account/sessions/demo')).ok()).toBe(true);
  const api = await panelApi(page);
  const [network] = await api.get<Network[]>('/api/networks');
  const servers = await api.get<Server[]>(`/api/servers/network/${network.id}`);
  const eu = servers.find((server) => server.name === 'Outpost Demo | EU Main') as Server;
  // The simulated servers and the moderator need their first minute; the screens then show it.
  await expect
    .poll(
      async () =>
        (await api.get<PunishmentsResponse>(`/api/networks/${network.id}/punishments`)).punishments.length,
      FIRST_MINUTE,
    )
    .toBeGreaterThan(0);
  await expect
    .poll(
      async () => (await api.get<AlertsResponse>(`/api/networks/${network.id}/alerts`)).alerts.length,
      FIRST_MINUTE,
    )
    .toBeGreaterThan(0);

  // The console prints what the game prints by itself: AntiHack's violations among it.
  await page.goto(paths.serverArea(network.id, eu.id, 'console'));
  await expect(serverConsole(page).log).toContainText(/\w+\[\d{17}\] \w+: Enforcing \(violation of [\d.]+\)/);

  // Suspicious Activity lists the caught player, its actions disabled with the reason.
  await page.goto(paths.serverArea(network.id, eu.id, 'suspicious'));
  const suspects = page.getByRole('list', { name: 'Players by score' });
  const first = suspects.getByRole('listitem').first();
  await expect(first).toBeVisible();
  for (const name of ['Dismiss', 'Flag', 'Punish']) {
    const button = first.getByRole('button', { name, exact: true });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('title', READ_ONLY);
  }

  // The F7 reports the players sent.
  await page.goto(`${paths.serverArea(network.id, eu.id, 'punishments')}?tab=reports`);
  await expect(page.getByRole('table', { name: 'Reports' }).getByRole('row').nth(1)).toBeVisible();

  // The moderator's punishments, and the same in the audit log.
  await page.goto(`${paths.network(network.id)}?tab=punishments`);
  await expect(
    page.getByRole('table', { name: 'Punishments' }).getByRole('row').filter({ hasText: MODERATOR }).first(),
  ).toBeVisible();
  await page.goto(`${paths.network(network.id)}?tab=audit`);
  await expect(
    page
      .getByRole('table', { name: 'Network audit log' })
      .getByRole('row')
      .filter({ hasText: MODERATOR })
      .first(),
  ).toBeVisible();

  // The alerts its rules fired on what happened.
  await page.goto(`${paths.network(network.id)}?tab=alerts`);
  await expect(page.getByRole('list', { name: 'Alert history' }).getByRole('listitem').first()).toBeVisible();
});
