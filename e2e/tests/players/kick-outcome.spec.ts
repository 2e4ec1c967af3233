import { paths } from '@outpost/contracts';
import { SimulatedServer } from '@outpost/simulation';
import { expect, test, type Page } from '@playwright/test';
import { ownerWithServer } from '../../support/networks';
import { gameServer } from '../../support/plugin';

// A kick's outcome reaches the person who gave it (issue 25): the action dialog follows the command
// live. Against a simulated Rust server (libs/simulation) the kick is carried out and confirmed;
// for a server that went down the kick waits, says so, and expires (the suite's panel runs with
// PLAYER_COMMAND_TTL_SECONDS=60, see global-setup.ts) instead of running when the server is back.

const stamp = Date.now().toString(36);
const panelUrl = `http://localhost:${process.env.E2E_PORT}`;

const openPlayer = async (page: Page, networkId: string, name: string) => {
  await page.goto(paths.network(networkId));
  await page.getByRole('tablist', { name: 'Network sections' }).getByRole('tab', { name: 'Players' }).click();
  const table = page.getByRole('table', { name: 'Players' });
  await page.getByLabel('Search players').fill(name);
  await table.getByRole('button', { name }).click();
  await expect(page.getByText('Current Server', { exact: true })).toBeVisible();
};

const kick = async (page: Page, name: string) => {
  await page.getByRole('group', { name: 'Player actions' }).getByRole('button', { name: 'Kick' }).click();
  const dialog = page.getByRole('dialog', { name: `Kick ${name}` });
  await dialog.getByRole('button', { name: 'Kick Player' }).click();
  return dialog;
};

test('a kick on a simulated server: the dialog says the server confirmed it, and so does the Punishments list', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { owner, network, server } = await ownerWithServer(browser, {
    user: `kok_${stamp}`,
    network: `Kick outcome ${stamp}`,
    server: 'EU Sim',
    address: '203.0.113.240:28015',
  });
  const sim = new SimulatedServer({
    baseUrl: panelUrl,
    token: server.token,
    players: 6,
    seed: 11,
    log: () => undefined,
  });
  try {
    await sim.tick();
    const target = sim.players()[0];
    await openPlayer(owner, network.id, target.name);
    const dialog = await kick(owner, target.name);
    // Queued for a server that is up: it waits for the server's next call.
    await expect(dialog.getByRole('status')).toHaveText('Sent — waiting for the server');

    // The server's next heartbeat carries the kick out and reports it.
    await sim.heartbeat();
    expect(sim.players().some((player) => player.steamId === target.steamId)).toBe(false);
    await expect(dialog.getByRole('status')).toHaveText('Kicked — confirmed by the server');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);
    // The detail keeps saying it.
    await expect(
      owner.getByRole('status').filter({ hasText: 'Kicked — confirmed by the server' }),
    ).toBeVisible();

    // And so does the player's row in the table.
    await owner.getByRole('button', { name: 'Back to Players' }).click();
    const playerRow = owner
      .getByRole('table', { name: 'Players' })
      .getByRole('row')
      .filter({ hasText: target.steamId });
    await expect(playerRow.getByRole('status')).toHaveText('Kicked — confirmed by the server');

    // The Punishments list shows the kick's delivery.
    await owner.goto(`${paths.network(network.id)}?tab=punishments`);
    const row = owner
      .getByRole('table', { name: 'Punishments' })
      .getByRole('row')
      .filter({ hasText: target.name });
    await expect(row).toContainText('Kick');
    await expect(row).toContainText('Confirmed');
  } finally {
    await sim.stop();
  }
});

test('a kick for a server that went down waits, says the server is offline, and expires', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { owner, network, server } = await ownerWithServer(browser, {
    user: `kex_${stamp}`,
    network: `Kick expiry ${stamp}`,
    server: 'EU Down',
    address: '203.0.113.241:28015',
  });
  const game = gameServer(owner.request, server.token);
  const rex = { steamId: '76561198000099001', name: 'Rex Runner', ip: '203.0.113.50' };
  await game.heartbeat([rex]);
  await openPlayer(owner, network.id, rex.name);

  // The server stops answering right after its last heartbeat; the kick is given before the panel
  // notices, so it is accepted and waits.
  const dialog = await kick(owner, rex.name);
  await expect(dialog.getByRole('status')).toHaveText('Sent — waiting for the server');
  // After 3 missed heartbeats the server is offline: the dialog says the kick is queued and when
  // it expires.
  await expect(dialog.getByRole('status')).toHaveText(
    /^Queued: the server is offline — expires in \d+ min$/,
    {
      timeout: 60_000,
    },
  );
  await expect(dialog.getByRole('status')).toHaveText('Expired: the server did not carry it out in time', {
    timeout: 60_000,
  });

  // The server comes back: the expired kick is not run.
  expect(await game.heartbeat([rex])).toEqual([]);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await owner.goto(`${paths.network(network.id)}?tab=punishments`);
  const row = owner
    .getByRole('table', { name: 'Punishments' })
    .getByRole('row')
    .filter({ hasText: rex.name });
  await expect(row).toContainText('Expired');
});
