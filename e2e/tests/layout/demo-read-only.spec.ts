import { DEMO_READ_ONLY_MESSAGE, paths, type Network, type Server } from '@outpost/contracts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { panelApi } from '../../support/panel-api';

// The demo is an admin's view of the demo network that changes nothing: its management actions
// show, disabled, and say why on hover ("The demo is read-only"), across the remotes, instead of
// being hidden or refused once submitted. The API refuses them all the same.

/** The demo's simulated moderator: a member an admin may manage. */
const MODERATOR = 'Mira (simulated moderator)';
const EU_MAIN = 'Outpost Demo | EU Main';

const saysReadOnly = async (control: Locator) => {
  await expect(control).toBeVisible();
  await expect(control).toBeDisabled();
  await expect(control).toHaveAttribute('title', DEMO_READ_ONLY_MESSAGE);
};

/** Signs `page` in as the demo user; the demo network and its EU server. */
const signInDemo = async (page: Page) => {
  expect((await page.request.post('/v1/account/sessions/demo')).ok()).toBe(true);
  const api = await panelApi(page);
  const [network] = await api.get<Network[]>('/api/networks');
  const servers = await api.get<Server[]>(`/api/servers/network/${network.id}`);
  const eu = servers.find((server) => server.name === EU_MAIN) as Server;
  return { network, eu };
};

test("the demo sees the network's server, member, alert and automation actions disabled with the reason", async ({
  page,
}) => {
  const { network } = await signInDemo(page);

  await page.goto(paths.network(network.id));
  const servers = page.getByRole('list', { name: 'Servers' });
  await saysReadOnly(servers.getByRole('button', { name: `Delete ${EU_MAIN}` }));

  await page.goto(`${paths.network(network.id)}?tab=members`);
  await saysReadOnly(
    page.getByRole('list', { name: 'Members' }).getByRole('button', { name: `Manage ${MODERATOR}` }),
  );

  // The demo network's own rules (every F7 report, EU Main's population), each with its switch.
  await page.goto(`${paths.network(network.id)}?tab=alerts`);
  const rules = page.getByRole('list', { name: 'Alert rules' });
  await saysReadOnly(rules.getByRole('switch').first());
  await saysReadOnly(page.getByRole('button', { name: 'Add Rule' }));

  // The demo network has no automations (nobody can add one): its empty state's buttons say why.
  await page.goto(`${paths.network(network.id)}?tab=automation`);
  await expect(page.getByRole('heading', { name: 'No automations yet' })).toBeVisible();
  for (const name of ['New automation', 'Start from a template'])
    await saysReadOnly(page.getByRole('button', { name }));
});

test("the demo sees the server page's token rotation and the server's Import ban list disabled with the reason, and no secret", async ({
  page,
}) => {
  const { network, eu } = await signInDemo(page);

  await page.goto(paths.server(network.id, eu.id));
  await expect(page.getByRole('heading', { name: 'Server token' })).toBeVisible();
  await saysReadOnly(page.getByRole('button', { name: 'Rotate Token' }));
  // An admin's secrets stay with real admins: no new token to connect with, no reports key.
  await expect(page.getByRole('heading', { name: 'Connect your server' })).toHaveCount(0);
  await expect(page.getByLabel('Reports endpoint settings')).toHaveCount(0);

  await page.goto(paths.serverArea(network.id, eu.id, 'punishments'));
  await saysReadOnly(page.getByRole('button', { name: 'Import ban list' }));

  // The API refuses the same write the disabled button would have made.
  const { jwt } = (await (await page.request.post('/v1/account/jwts')).json()) as { jwt: string };
  const rotate = await page.request.post(`/api/servers/${eu.id}/token`, {
    headers: { Authorization: `Bearer ${jwt}`, 'X-API-Key': 'outpost-web' },
  });
  expect(rotate.status()).toBe(403);
  expect(await rotate.json()).toMatchObject({ code: 'DEMO_READ_ONLY', error: DEMO_READ_ONLY_MESSAGE });
});

test("the demo's profile shows Save Changes disabled with the reason", async ({ page }) => {
  await signInDemo(page);
  await page.goto(paths.profile());
  await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
  await saysReadOnly(page.getByRole('button', { name: 'Save Changes' }));
});
