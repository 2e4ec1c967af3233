import { paths } from '@outpost/contracts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { moderatedNetwork } from '../../support/moderated-network';

// On a phone (390 px wide) no screen is wider than the phone: a table scrolls inside its card,
// its row actions stay in view, the network's tab strip and the server's area links scroll with a
// cue that they do, and a server's players show on the first screen. On a laptop (1,366 px) the
// header is one row. Each screen's screenshot is kept in e2e/test-results and attached to the
// test's results.

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

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

/**
 * The page scrolls only downwards: nothing pokes out to the right, of the page nor of its frame
 * (the header, the main area, a server's frame).
 */
const expectNoSidewaysScroll = async () => {
  await expect
    .poll(() =>
      page.evaluate(() =>
        [document.documentElement, ...document.querySelectorAll('.op-header, .op-main, .sf-frame')]
          .filter((box) => box.scrollWidth > box.clientWidth)
          .map((box) => `${box.className || box.tagName}: ${box.scrollWidth} > ${box.clientWidth}`),
      ),
    )
    .toEqual([]);
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

/** The whole page as the screen shows it, kept in the test's output folder and attached to its result. */
const screenshot = async (name: string) => {
  const width = page.viewportSize()?.width ?? PHONE.width;
  const path = test.info().outputPath(`${name.toLowerCase().replaceAll(' ', '-')}-${width}px.png`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
  await test.info().attach(`${name} at ${width} px`, { path, contentType: 'image/png' });
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

test("the server's area links scroll in one row, with a cue, and the open area is in view", async () => {
  const { network, server } = setup;
  await page.goto(paths.server(network.id, server.id));
  const areas = page.getByRole('navigation', { name: 'Server areas' });
  const overview = areas.getByRole('link', { name: 'Overview', exact: true });
  await expect(overview).toHaveAttribute('aria-current', 'page');
  await expectNoSidewaysScroll();
  // One row: every link on the line of the first, the strip wider inside than on screen.
  const tops = await areas
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  expect(await areas.evaluate((nav) => nav.scrollWidth > nav.clientWidth)).toBe(true);
  // The hidden end fades: the cue that there is more.
  await expect(areas).toHaveAttribute('data-overflow', 'end');
  expect(await areas.evaluate((nav) => getComputedStyle(nav).maskImage)).toContain('linear-gradient');
  // Opened from an address, an area far along the strip is scrolled into view.
  await page.goto(paths.serverArea(network.id, server.id, 'audit'));
  const audit = areas.getByRole('link', { name: 'Audit Log', exact: true });
  await expect(audit).toHaveAttribute('aria-current', 'page');
  await expect(audit).toBeInViewport({ ratio: 0.98 });
  await expect(areas).toHaveAttribute('data-overflow', /start/);
  await expectNoSidewaysScroll();
});

test('Players: the list starts on the first screen', async () => {
  const { network, server } = setup;
  await page.goto(paths.serverArea(network.id, server.id, 'players'));
  const firstRow = page.getByRole('table', { name: 'Players' }).getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // Not scrolled at all, the first player's row is whole on the phone's screen.
  const box = await firstRow.boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
  await expectNoSidewaysScroll();
  await screenshot('Players first screen');
});

test('the header: one row of brand, links and actions on a laptop, nothing cut on a phone', async () => {
  const { network, server } = setup;
  const header = page.locator('header.op-header');
  const parts = [
    header.getByRole('link', { name: 'Outpost home' }),
    header.getByRole('navigation', { name: 'Main' }),
    header.getByRole('button', { name: /FREE/ }),
  ];
  const rows = async () => {
    const boxes = await Promise.all(parts.map(async (part) => (await part.boundingBox())!));
    return { boxes, header: (await header.boundingBox())! };
  };
  try {
    await page.setViewportSize(LAPTOP);
    for (const path of [paths.dashboard(), paths.network(network.id), paths.server(network.id, server.id)]) {
      await page.goto(path);
      await expect(parts[2]!).toBeVisible();
      const { boxes, header: bar } = await rows();
      // One row: each part's middle is within every other part's height, and the bar no taller than one.
      const middles = boxes.map((box) => box.y + box.height / 2);
      for (const box of boxes) for (const middle of middles) expect(middle).toBeGreaterThan(box.y - 1);
      for (const box of boxes)
        for (const middle of middles) expect(middle).toBeLessThan(box.y + box.height + 1);
      expect(bar.height).toBeLessThanOrEqual(Math.max(...boxes.map((box) => box.height)) + 32);
      await expectNoSidewaysScroll();
    }
    await screenshot('Server page laptop');
  } finally {
    await page.setViewportSize(PHONE);
  }
  await page.goto(paths.server(network.id, server.id));
  await expect(parts[2]!).toBeVisible();
  const { boxes, header: bar } = await rows();
  for (const box of boxes) {
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  // Two short rows at the most: the brand and the actions, then the links.
  expect(bar.height).toBeLessThanOrEqual(96);
  await expectNoSidewaysScroll();
});

test('Members: the list and what each role may do fit, the matrix scrolling inside its box', async () => {
  const { network, server } = setup;
  await page.goto(paths.serverArea(network.id, server.id, 'members'));
  await expect(page.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'What each role may do' })).toBeVisible();
  await expectNoSidewaysScroll();
  await screenshot('Members');
});
