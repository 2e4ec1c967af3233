import { API_PATHS, paths, SERVER_AREAS } from '@outpost/contracts';
import { expect, test, type Page, type Request } from '@playwright/test';
import { moderatedNetwork } from '../../support/moderated-network';
import { panelApi } from '../../support/panel-api';
import { signedInPage } from '../../support/sign-in';

// Issue 38, item 15: the normal pages, walked signed in, say nothing in the browser's console and
// make no call the panel refuses with 401, 403 or 404: no query before the session is known, none
// for something the person may not see (a Free network's Premium areas, an RCON connection the
// server does not have). Each page is opened afresh, as people arrive; each network tab is opened
// from the strip, as people do.

/** Follows `page`: every console error and every refused call, with the page it happened on. */
const listen = (page: Page) => {
  const noise: string[] = [];
  let at = '';
  page.on('console', (message) => {
    if (message.type() === 'error') noise.push(`console: ${message.text()} (on ${at})`);
  });
  page.on('pageerror', (error) => noise.push(`page error: ${error.message} (on ${at})`));
  page.on('response', (response) => {
    if ([401, 403, 404].includes(response.status()))
      noise.push(`${response.status()} ${response.request().method()} ${response.url()} (on ${at})`);
  });
  // The calls still on their way, but the live stream, which stays open for as long as the tab.
  const pending = new Set<Request>();
  const counts = (request: Request) => new URL(request.url()).pathname !== API_PATHS.getLiveStream.path();
  page.on('request', (request) => counts(request) && pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  /** Until no call has been on its way for a moment: the screen's reads are answered. */
  const settled = async () => {
    let quietSince = Date.now();
    await expect
      .poll(
        () => {
          if (pending.size > 0) quietSince = Date.now();
          return Date.now() - quietSince;
        },
        { timeout: 15_000, intervals: [100] },
      )
      .toBeGreaterThan(750);
  };
  /** Opens `path` afresh, until its first heading shows and its reads are answered. */
  const visit = async (path: string, heading: string | RegExp) => {
    at = path;
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 }).first()).toBeVisible();
    await settled();
  };
  /** Opens each tab of the network's strip in turn, as a person goes through them. */
  const walkTabs = async () => {
    const strip = page.getByRole('tablist', { name: 'Network sections' });
    for (const name of await strip.getByRole('tab').allTextContents()) {
      at = `${page.url()} (${name})`;
      await strip.getByRole('tab', { name, exact: true }).click();
      await expect(strip.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
      await settled();
    }
    return strip.getByRole('tab').count();
  };
  return { noise, visit, walkTabs };
};

test('the owner walks every normal page without a console error or a refused call', async ({ browser }) => {
  test.setTimeout(180_000);
  const { owner, network, server, cheater } = await moderatedNetwork(browser, 'quiet');
  const { noise, visit, walkTabs } = listen(owner);

  await visit(paths.dashboard(), /Dashboard|Welcome/);
  await visit(paths.networks(), 'Networks');
  await visit(paths.network(network.id), new RegExp(`Screens quiet`));
  // Every tab of an owner's network, Premium's Automation included (the owner is on Free).
  expect(await walkTabs()).toBeGreaterThanOrEqual(10);
  await visit(paths.server(network.id, server.id), 'EU Main');
  for (const area of SERVER_AREAS.filter((area) => area !== 'profile'))
    await visit(paths.serverArea(network.id, server.id, area), 'EU Main');
  await visit(paths.playerProfile(network.id, cheater.steamId), cheater.name);
  await visit(paths.profile(), /Profile/);
  await visit(paths.plan(), /Plan|Upgrade|Premium/);

  expect(noise.join('\n')).toBe('');
  await owner.context().close();
});

test('a member walks the pages a member sees without a console error or a refused call', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { owner, ownerApi, network, server, cheater } = await moderatedNetwork(browser, 'quietm');
  const { code } = await ownerApi.post<{ code: string }>('/api/invites', {
    networkId: network.id,
    maxUses: 1,
  });
  const member = await signedInPage(browser, `quietm_${Date.now().toString(36)}`.slice(0, 20));
  await (await panelApi(member)).post('/api/invites/join', { inviteCode: code });
  const { noise, visit, walkTabs } = listen(member);

  await visit(paths.dashboard(), /Dashboard|Welcome/);
  await visit(paths.network(network.id), new RegExp(`Screens quietm`));
  await walkTabs();
  await visit(paths.server(network.id, server.id), 'EU Main');
  // The areas a member's navigation links (no Console, Suspicious Activity, Audit Log or Members).
  const areas = member.getByRole('navigation', { name: 'Server areas' }).getByRole('link');
  const hrefs = (await areas.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).filter(
    (href): href is string => !!href,
  );
  expect(hrefs.length).toBeGreaterThan(5);
  for (const href of hrefs) await visit(href, 'EU Main');
  await visit(paths.playerProfile(network.id, cheater.steamId), cheater.name);

  expect(noise.join('\n')).toBe('');
  await member.context().close();
  await owner.context().close();
});
