import AxeBuilder from '@axe-core/playwright';
import { paths, ROUTES } from '@outpost/contracts';
import { expect, test, type Page } from '@playwright/test';
import { moderatedNetwork } from '../../support/moderated-network';

// Every screen of the route registry (and Not Found), as the owner of a network with players, a
// ban and a report sees it, has no serious or critical axe finding; so do the network dashboard's
// tabs, its settings with the Danger Zone, and an open report.

let setup: Awaited<ReturnType<typeof moderatedNetwork>>;
let page: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  setup = await moderatedNetwork(browser, 'axe');
  page = setup.owner;
});
test.afterAll(() => page?.context().close());

/** The serious and critical findings on the page as it is now, each with where it is. */
const seriousFindings = async () =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`);

/** Waits until the screen has drawn: a heading, and no loading spinner left. */
const settled = async () => {
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(page.locator('.op-spinner')).toHaveCount(0, { timeout: 15_000 });
};

const addressOf = (path: string) =>
  path
    .replace(':networkId', encodeURIComponent(setup.network.id))
    .replace(':serverId', encodeURIComponent(setup.server.id))
    .replace(':steamId', encodeURIComponent(setup.cheater.steamId));

const screens = [
  ...ROUTES.map((route) => ({ name: route.screen, path: route.path })),
  { name: 'not-found', path: '/nowhere' },
];

for (const screen of screens) {
  test(`axe finds nothing serious on ${screen.name} (${screen.path})`, async () => {
    await page.goto(addressOf(screen.path));
    await settled();
    expect(await seriousFindings()).toEqual([]);
  });
}

test('axe finds nothing serious on each tab of the network dashboard, Danger Zone included', async () => {
  test.setTimeout(60_000);
  await page.goto(paths.network(setup.network.id));
  const strip = page.getByRole('tablist', { name: 'Network sections' });
  await expect(strip.getByRole('tab').first()).toBeVisible();
  const names = await strip.getByRole('tab').allTextContents();
  expect(names.length).toBeGreaterThan(2);
  for (const name of names) {
    await strip.getByRole('tab', { name, exact: true }).click();
    await settled();
    expect({ tab: name, findings: await seriousFindings() }).toEqual({ tab: name, findings: [] });
  }
  // Settings holds the Danger Zone (Discord, after it, is the last tab for an owner).
  await strip.getByRole('tab', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Danger Zone' })).toBeVisible();
});

test('axe finds nothing serious on an open report', async () => {
  await page.goto(`${paths.serverArea(setup.network.id, setup.server.id, 'punishments')}?tab=reports`);
  await page.getByRole('button', { name: 'Wallhack near the launch site' }).click();
  await expect(page.getByRole('group', { name: 'Report state' })).toBeVisible();
  await settled();
  expect(await seriousFindings()).toEqual([]);
});
