import AxeBuilder from '@axe-core/playwright';
import { paths, PRICING, UPGRADE_BY_OPERATOR_MESSAGE } from '@outpost/contracts';
import { expect, test, type Page } from '@playwright/test';
import { ownerWithServer } from '../../support/networks';
import { signedInPage } from '../../support/sign-in';

// Plans as a new user meets them: their networks are on Free, so the Metrics area beyond 24 hours
// is there with the Premium explanation and Upgrade; /plan says how an upgrade happens here.

const stamp = Date.now().toString(36);

/** The serious and critical axe findings on the page as it is now. */
const seriousFindings = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`);

test('/plan compares the plans and says the operator sets them with the command', async ({ browser }) => {
  const label = `planner_${stamp}`;
  const page = await signedInPage(browser, label);
  await page.goto(paths.plan());
  await expect(page.getByRole('group', { name: 'Free' }).getByText('Current plan')).toBeVisible();
  await expect(page.getByText(/^Your plan:/)).toHaveText('Your plan: Free');
  const help = page.getByRole('region', { name: 'How to upgrade on this panel' });
  await expect(help.getByText(`npm run panel -- users:plan ${label}@example.com premium|free`)).toBeVisible();
  await expect(help).toContainText('PLANS=off');
  expect(await seriousFindings(page)).toEqual([]);

  await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(UPGRADE_BY_OPERATOR_MESSAGE);
});

test('/plan lists the same items on its cards as the landing page, 24/7 support included', async ({
  browser,
}) => {
  const page = await signedInPage(browser, `cards_${stamp}`);
  await page.goto(paths.landing());
  // allTextContents does not wait: the card's items are read once they are on the page.
  const landingItems = async (name: string) => {
    const items = page.locator('#pricing').getByRole('article', { name }).getByRole('listitem');
    await expect(items.first()).toBeVisible();
    return items.allTextContents();
  };
  const onLanding = { free: await landingItems('Free'), premium: await landingItems('Premium') };
  expect(onLanding.premium).toContain('Included: 24/7 support');

  await page.goto(paths.plan());
  const planItems = async (name: string) => {
    const items = page.getByRole('group', { name }).getByRole('listitem');
    await expect(items.first()).toBeVisible();
    // The card's ✓ and ✕ are for the eye; the words are the same.
    return (await items.allTextContents()).map((text) => text.replace(/^[✓✕]/, ''));
  };
  expect(await planItems('Free')).toEqual(onLanding.free);
  expect(await planItems('Premium')).toEqual(onLanding.premium);
  expect(onLanding.premium).toEqual(PRICING[1].features.map((feature) => `Included: ${feature.text}`));
  await expect(page.getByRole('group', { name: 'Premium' })).toContainText('$9.99 per month');
  await expect(page.getByRole('group', { name: 'Premium' })).toContainText('Most popular');
  // Line by line, what the API gives each plan.
  await expect(page.getByRole('region', { name: 'Line by line' }).getByRole('row')).not.toHaveCount(0);
  expect(await seriousFindings(page)).toEqual([]);
});

test("a Free network's Metrics area at 7 d explains Premium and links to /plan", async ({ browser }) => {
  const { owner, network, server } = await ownerWithServer(browser, {
    user: `free_${stamp}`,
    network: `Free Network ${stamp}`,
    server: 'Free Server',
    address: '203.0.113.241:28015',
  });
  await owner.goto(`${paths.serverArea(network.id, server.id, 'metrics')}?range=7d`);
  await expect(owner.getByRole('radio', { name: '7 d' })).toBeChecked();
  const premium = owner.getByRole('heading', { name: 'This area is part of Premium' });
  // The history over 7 days and the week's heatmap (30 days) both need Premium.
  await expect(premium).toHaveCount(2);
  await expect(
    owner.getByText(
      /^History over the last 7 days is part of the Premium plan, and this network's owner is on Free\./,
    ),
  ).toBeVisible();
  expect(await seriousFindings(owner)).toEqual([]);
  const upgrade = owner.getByRole('link', { name: 'Upgrade' }).first();
  await expect(upgrade).toHaveAttribute('href', paths.plan());
  await upgrade.click();
  await expect(owner).toHaveURL(new RegExp(`${paths.plan()}$`));
  await expect(owner.getByRole('region', { name: 'How to upgrade on this panel' })).toBeVisible();

  // 24 hours stays free.
  await owner.goto(`${paths.serverArea(network.id, server.id, 'metrics')}?range=24h`);
  await expect(owner.getByRole('radio', { name: '24 h' })).toBeChecked();
  await expect(owner.getByRole('heading', { name: 'This area is part of Premium' })).toHaveCount(1);
});
