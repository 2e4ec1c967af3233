import AxeBuilder from '@axe-core/playwright';
import { paths } from '@outpost/contracts';
import { expect, test, type Page } from '@playwright/test';
import { ownerWithServer } from '../../support/networks';
import { gameServer, type FakePlayer } from '../../support/plugin';

// History that is a fact: a game server that falls silent is set offline by the sweep (3 missed
// heartbeats of 10 s: 30–40 s, the protocol's own clock, which the built panel does not let a test
// shorten), comes back, and the Metrics area lists the outage and shades it on the chart, while the
// network's Analytics shows the real peak (the players that were on, not the server's capacity).
// The server is new, so its Metrics open on the last hour without being asked, its uptime says it
// covers the minutes it has reported, and the charts' legends read the latest figures while
// nothing is hovered. About 70 s in all: the offline sweep, then the first report's minute
// becoming complete.

const stamp = Date.now().toString(36);

const players: FakePlayer[] = [1, 2, 3].map((n) => ({
  steamId: `7656119800000${String(400 + n).padStart(4, '0')}`,
  name: `Mia ${n} ${stamp}`,
  ip: `198.51.100.${40 + n}`,
}));

/** The serious and critical axe findings on the page as it is now. */
const seriousFindings = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`);

/** A figure of the Analytics tab (a StatCard: the label, then the value). */
const figure = (page: Page, label: string) =>
  page
    .locator('dl', { has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .first();

test('a server that stopped shows its outage on the Metrics chart, and Analytics the real peak', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { owner, ownerApi, network, server } = await ownerWithServer(browser, {
    user: `metrics_${stamp}`,
    network: `EU Metrics ${stamp}`,
    server: 'EU Metrics',
    address: '203.0.113.240:28015',
  });
  const game = gameServer(request, server.token);
  await game.heartbeat(players);

  // The game server stops reporting until the panel sets it offline.
  await expect
    .poll(async () => (await ownerApi.get<{ status: string }>(`/api/servers/${server.id}`)).status, {
      timeout: 60_000,
      intervals: [2_000],
    })
    .toBe('offline');
  // It comes back.
  await game.heartbeat(players);
  // A minute is charted once complete (every instance flushed it: about 70 s after it began), so
  // the first report's minute may still be on its way.
  await expect
    .poll(
      async () =>
        (await ownerApi.get<{ points: unknown[] }>(`/api/servers/${server.id}/metrics?range=1h`)).points
          .length,
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);

  // No range asked: a server that has reported for minutes opens on the last hour.
  await owner.goto(paths.serverArea(network.id, server.id, 'metrics'));
  await expect(owner.getByRole('radio', { name: '1 h' })).toBeChecked();
  await expect(owner).not.toHaveURL(/range=/);
  const outages = owner.getByRole('list', { name: 'Outages of EU Metrics' });
  await expect(outages.getByRole('listitem')).toHaveCount(1);
  // Over: from – to, with how long it lasted (not "now").
  await expect(outages.getByRole('listitem')).toHaveText(/^.+ – .+ \(\d+ (s|min)\)$/);
  // Over what: the minutes it has reported, not the hour it has not.
  await expect(
    owner.getByText(/^Uptime: \d+(\.\d)? % over the \d+ (seconds?|minutes?) reported · 1 outage$/),
  ).toBeVisible();
  const chart = owner.getByRole('img', { name: 'Players over time' });
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart).toHaveAttribute('data-outage-bands', '1');
  // Nothing hovered: the legend reads the latest figures (3 players of 50), not dashes.
  await owner.mouse.move(0, 0);
  const legend = (label: string) =>
    chart
      .locator('.u-legend .u-series')
      .filter({ has: owner.locator('.u-label').getByText(label, { exact: true }) })
      .locator('.u-value');
  await expect(legend('Players')).toHaveText('3');
  await expect(legend('Max players')).toHaveText('50');
  await expect(chart.locator('.u-legend .u-series').first().locator('.u-value')).toHaveText('Latest');
  await expect(owner.locator('.op-spinner')).toHaveCount(0);
  expect(await seriousFindings(owner)).toEqual([]);

  await owner.goto(`${paths.network(network.id)}?tab=analytics&range=1h`);
  await expect(figure(owner, 'Peak Players')).toHaveText('3');
  await expect(figure(owner, 'Online Servers')).toHaveText('1');
  await expect(figure(owner, 'Offline Servers')).toHaveText('0');
  const row = owner
    .getByRole('table', { name: 'Uptime per server' })
    .getByRole('row', { name: /EU Metrics/ });
  await expect(row).toContainText('Online');
  await row.getByRole('button', { name: 'Show outages of EU Metrics' }).click();
  await expect(owner.getByRole('list', { name: 'Outages of EU Metrics' }).getByRole('listitem')).toHaveCount(
    1,
  );
});
