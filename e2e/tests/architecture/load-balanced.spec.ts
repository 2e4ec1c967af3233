import { paths } from '@outpost/contracts';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { loadBalancedUnavailable, startLoadBalanced, type LoadBalanced } from '../../support/load-balanced';
import { ownerWithServer } from '../../support/networks';
import { gameServer } from '../../support/plugin';
import { ADMIN_DATABASE_URL } from '../../support/postgres';

// The README's production set-up: two instances on one PostgreSQL database and one Redis, behind
// nginx configured by deploy/nginx. Each tab's live stream is held by whichever instance nginx
// picked, and a game server's heartbeats reach the one or the other.

const stamp = Date.now().toString(36);
const LIVE = { timeout: 5_000 };
const liveIndicator = (page: Page) =>
  page.getByRole('status').filter({ hasText: /Live|Connecting|Reconnecting/ });

let cluster: LoadBalanced | null = null;
const contexts: APIRequestContext[] = [];

/** Skips every test here, saying why on the console too (the list reporter shows no reason). */
const skipAll = (why: string) => {
  console.log(`two instances behind nginx: skipped, ${why}`);
  test.skip(true, why);
};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const unavailable = loadBalancedUnavailable();
  if (unavailable) return skipAll(unavailable);
  cluster = await startLoadBalanced();
  if (!cluster) skipAll(`PostgreSQL does not answer at ${ADMIN_DATABASE_URL} (set DATABASE_URL)`);
});

test.afterAll(async () => {
  for (const context of contexts) await context.dispose();
  await cluster?.stop();
});

/** An owner (signed in through nginx) of a new network with one server. */
const owned = (browser: Browser, user: string, address: string) =>
  ownerWithServer(browser, {
    user: `${user}_${stamp}`,
    network: `EU Balanced ${user} ${stamp}`,
    server: 'EU Balanced',
    address,
    baseURL: cluster!.url,
  });

test('a player who joins shows live in every tab, whichever instance took the heartbeat', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(90_000);
  const { owner, network, server } = await owned(browser, 'lb', '203.0.113.240:28015');
  // The game server reports to each instance in turn, straight to its own address.
  const [viaA, viaB] = await Promise.all(
    cluster!.instances.map(async (instance) => {
      const context = await playwright.request.newContext({ baseURL: instance.url });
      contexts.push(context);
      return gameServer(context, server.token);
    }),
  );
  await viaA.heartbeat([]);

  // Two tabs on the server's Players: nginx gives each new stream to the instance holding fewer.
  const tabs = [owner, await owner.context().newPage()];
  for (const tab of tabs) {
    await tab.goto(paths.serverArea(network.id, server.id, 'players'));
    await expect(liveIndicator(tab)).toHaveText('Live');
  }
  const row = (tab: Page, name: string) =>
    tab.getByRole('table', { name: 'Players' }).getByRole('row', { name: new RegExp(name) });

  // Shorter waits than the 10 s polling fallback: only the live stream can show them in time.
  const rai = { steamId: '76561198000000401', name: `Rai ${stamp}`, ip: '198.51.100.41' };
  const kai = { steamId: '76561198000000402', name: `Kai ${stamp}`, ip: '198.51.100.42' };
  await viaA.heartbeat([rai]);
  for (const tab of tabs) await expect(row(tab, rai.name)).toBeVisible(LIVE);
  await viaB.heartbeat([rai, kai]);
  for (const tab of tabs) await expect(row(tab, kai.name)).toBeVisible(LIVE);
  await owner.context().close();
});

test('the server page shows the address a bridge reports from as nginx forwards it, not one it forged', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(60_000);
  const outsideUrl = cluster!.outsideUrl;
  test.skip(!outsideUrl, 'skipped: this machine has no address but loopback');
  const { owner, network, server } = await owned(browser, 'lbx', '203.0.113.241:28015');
  // outpost-bridge reaching nginx at this machine's own address, claiming to forward for another.
  const bridge = await playwright.request.newContext({
    baseURL: outsideUrl!,
    userAgent: 'outpost-bridge/0.1.0',
    extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.99' },
  });
  contexts.push(bridge);
  await gameServer(bridge, server.token).heartbeat([]);

  await owner.goto(paths.server(network.id, server.id));
  const from = owner.getByRole('status', { name: 'Connected through' });
  await expect(from).toContainText(`from ${new URL(outsideUrl!).hostname}`);
  await expect(from).not.toContainText('198.51.100.99');
  await owner.context().close();
});

test('restarting each instance in turn, as an upgrade does, costs the game servers no call', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { owner, ownerApi, network, server } = await owned(browser, 'lbr', '203.0.113.242:28015');
  // 40 servers heartbeating through nginx, each under its limit of 120 calls a minute.
  const tokens = [server.token];
  for (let i = 1; i < 40; i += 1) {
    const added = await ownerApi.post<{ token: string }>(`/api/servers/network/${network.id}`, {
      name: `EU Restart ${i}`,
      connectionAddress: `203.0.113.242:${28015 + i}`,
    });
    tokens.push(added.token);
  }
  await owner.context().close();
  const failures: string[] = [];
  let answered = 0;
  let running = true;
  const heartbeats = Array.from({ length: 8 }, async (_, worker) => {
    for (let n = worker; running; n += 8) {
      const res = await fetch(`${cluster!.url}/api/plugin/v1/heartbeat`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokens[n % tokens.length]}` },
        body: JSON.stringify({ maxPlayers: 50, players: [] }),
      }).catch((error: Error) => error);
      if (res instanceof Error) failures.push(res.message);
      else if (!res.ok) failures.push(`${res.status} ${await res.text()}`);
      else answered += 1;
      await new Promise((resolve) => setTimeout(resolve, 125));
    }
  });
  try {
    for (const index of [0, 1]) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await cluster!.restart(index);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  } finally {
    running = false;
    await Promise.all(heartbeats);
  }
  expect(failures).toEqual([]);
  expect(answered).toBeGreaterThan(100);
});
