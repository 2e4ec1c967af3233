import { paths } from '@outpost/contracts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { moderatedNetwork } from '../../support/moderated-network';

// On a phone (390 px wide) no screen is wider than the phone: a table scrolls inside its card,
// its row actions stay in view, and the network's tab strip scrolls with a cue that it does.
// Each screen's screenshot is kept in e2e/test-results and attached to the test's results.

const PHONE = { width: 390, height: 844 };

let setup: Awaited<ReturnType<typeof moderatedNetwork>>;
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  setup = await moderatedNetwork(browser, 'phone');
  page = setup.owner;
  await page.setViewportSize(PHONE);
});
test.afterAll(() => page?.context().close());

/** The page scrolls only downwards: nothing pokes out to the right. */
const expectNoSidewaysScroll = async () => {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(PHONE.width);
};

/**
 * Whole on screen once the page is scrolled down to it (only down: sideways nothing moves), not
 * cut by the phone's edge nor hidden in a scrolled-away part of a table.
 */
const expectOnScreen = async (locator: Locator) => {
  await locator.evaluate((element) =>
    window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - window.innerHeight / 2),
  );
  // A sub-pixel short of whole: a scrolled strip can stop at a fractional position.
  await expect(locator).toBeInViewport({ ratio: 0.98 });
};

/** A row's button that opens its detail: on screen on a page that fits, then pressed. */
const openFromRow = async (button: Locator) => {
  await expect(button).toBeVisible();
  await expectNoSidewaysScroll();
  await expectOnScreen(button);
  await button.click();
};

/** The whole page as the phone shows it, kept in the test's output folder and attached to its result. */
const screenshot = async (name: string) => {
  const path = test.info().outputPath(`${name.toLowerCase().replaceAll(' ', '-')}-390px.png`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
  await test.info().attach(`${name} at 390 px`, { path, contentType: 'image/png' });
};

test('Punishments: Edit and Lift stay on screen', async () => {
  const { network, server } = setup;
  await page.goto(paths.serverArea(network.id, server.id, 'punishments'));
  const row = page
    .getByRole('table', { name: 'Punishments' })
    .getByRole('row')
    .filter({ hasText: 'Zed Raider' });
  await expect(row).toBeVisible();
  await expectNoSidewaysScroll();
  await expectOnScreen(row.getByRole('button', { name: 'Edit' }));
  await expectOnScreen(row.getByRole('button', { name: 'Lift' }));
  await screenshot('Punishments');
});

test('Players: the player opens from the row, and the actions fit', async () => {
  const { network, server } = setup;
  await page.goto(paths.serverArea(network.id, server.id, 'players'));
  const table = page.getByRole('table', { name: 'Players' });
  // The first row, whoever it is: 25 players seen at the same moment come in no set order.
  await openFromRow(table.getByRole('row').nth(1).getByRole('button').first());
  const actions = page.getByRole('group', { name: 'Player actions' });
  await expect(actions.getByRole('button').first()).toBeVisible();
  for (const button of await actions.getByRole('button').all()) await expectOnScreen(button);
  await expectNoSidewaysScroll();
  await screenshot('Players');
});

test('Reports: a report opens and its actions stay on screen', async () => {
  const { network, server } = setup;
  await page.goto(`${paths.serverArea(network.id, server.id, 'punishments')}?tab=reports`);
  const reports = page.getByRole('table', { name: 'Reports' });
  await openFromRow(reports.getByRole('button', { name: 'Wallhack near the launch site' }));
  const state = page.getByRole('group', { name: 'Report state' });
  await expect(state).toBeVisible();
  for (const button of await state.getByRole('button').all()) await expectOnScreen(button);
  await expectNoSidewaysScroll();
  await screenshot('Reports');
});

test('Audit Log: the table scrolls inside its card', async () => {
  const { network, server } = setup;
  await page.goto(paths.serverArea(network.id, server.id, 'audit'));
  const log = page.getByRole('table', { name: 'Server audit log' });
  await expect(log.getByRole('row').filter({ hasText: 'Server added' })).toBeVisible();
  await expectNoSidewaysScroll();
  await expectOnScreen(page.getByRole('button', { name: 'Export CSV' }));
  await screenshot('Audit Log');
});

test('the network tab strip scrolls, with a cue, and reaches its last tab', async () => {
  await page.goto(paths.network(setup.network.id));
  const strip = page.getByRole('tablist', { name: 'Network sections' });
  await expect(strip).toBeVisible();
  await expectNoSidewaysScroll();
  // Its tabs are wider than a phone: the far edge fades while there is more to scroll to.
  expect(await strip.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
  await expect(strip).toHaveAttribute('data-overflow', 'end');
  await screenshot('Network tabs');
  const last = strip.getByRole('tab').last();
  await last.click();
  await expectOnScreen(last);
  await expect(last).toHaveAttribute('aria-selected', 'true');
  await expect(strip).toHaveAttribute('data-overflow', 'start');
  await expectNoSidewaysScroll();
});
