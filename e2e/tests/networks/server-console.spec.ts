import { paths } from '@outpost/contracts';
import { SimulatedServer } from '@outpost/simulation';
import { expect, test } from '@playwright/test';
import { rotateAndShowBridgeCommand } from '../../support/bridge';
import { ownerWithServer } from '../../support/networks';
import { serverAreaLink, serverConsole } from '../../support/server-areas';

// A server's Console area and its Connect your server panel, against the real panel: a simulated
// Rust server (libs/simulation) long-polls for commands and answers console commands as a Rust
// server does.

const stamp = Date.now().toString(36);
const panelUrl = `http://localhost:${process.env.E2E_PORT}`;
/**
 * Where "Let the panel connect" points. Nothing listens here by default, so the panel reports a
 * state other than Connected; a suite with the WebRCON emulator sets RCON_E2E_HOST/PORT to it.
 */
const rconHost = process.env.RCON_E2E_HOST ?? '127.0.0.1';
const rconPort = process.env.RCON_E2E_PORT ?? '1';

test('an admin types a command in the Console area and sees the server’s answer', async ({ browser }) => {
  test.setTimeout(90_000);
  const { owner, network, server } = await ownerWithServer(browser, {
    user: `cons_${stamp}`,
    network: `EU Console ${stamp}`,
    server: 'EU Console',
    address: '203.0.113.220:28015',
  });
  const sim = new SimulatedServer({
    baseUrl: panelUrl,
    token: server.token,
    players: 4,
    seed: 11,
    log: () => undefined,
  });
  try {
    await sim.tick();
    sim.start();

    await owner.goto(paths.server(network.id, server.id));
    await serverAreaLink(owner, 'Console').click();
    await expect(owner).toHaveURL(new RegExp(`${paths.serverArea(network.id, server.id, 'console')}$`));
    const { log, prompt, run } = serverConsole(owner);

    await run('status');
    await expect(log).toContainText('hostname: ', { timeout: 15_000 });
    await expect(log).toContainText('players : 4 (');

    // A command that prints a chat line: the answer and the server's own line both arrive.
    await run(`say hello ${stamp}`);
    await expect(log).toContainText(`[CHAT] SERVER : hello ${stamp}`, { timeout: 15_000 });

    // ↑ brings the last command back; Ctrl+L empties the view.
    await prompt.press('ArrowUp');
    await expect(prompt).toHaveValue(`say hello ${stamp}`);
    await prompt.press('Control+l');
    await expect(log).not.toContainText('hostname: ');
    await expect(log).toContainText('View cleared.');
  } finally {
    await sim.stop();
  }
});

test('Connect your server: the bridge command for this panel, a new token on request, and the RCON form', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { owner, network, server } = await ownerWithServer(browser, {
    user: `conn_${stamp}`,
    network: `EU Fresh ${stamp}`,
    server: 'EU Fresh',
    address: '203.0.113.221:28015',
  });

  await owner.goto(paths.server(network.id, server.id));
  await expect(owner.getByRole('heading', { name: 'Connect your server' })).toBeVisible();
  // The secrets in the environment first; the flags (shown in the process list) behind a disclosure.
  const command = owner.getByLabel('Bridge command', { exact: true });
  await expect(command).toHaveText(
    [
      `OUTPOST_URL=${new URL(owner.url()).origin}`,
      "OUTPOST_TOKEN='<server token>'",
      'RCON_HOST=127.0.0.1',
      'RCON_PORT=28016',
      "RCON_PASSWORD='<your rcon password>'",
      'node outpost-bridge.mjs',
    ].join(' \\\n  '),
  );
  const flags = owner.getByLabel('Bridge command with flags');
  await expect(flags).toBeHidden();
  await owner.getByText('The same with flags').click();
  await expect(flags).toHaveText(
    `node outpost-bridge.mjs --url ${new URL(owner.url()).origin} --token <server token> --rcon-host 127.0.0.1 --rcon-port 28016 --rcon-password <your rcon password>`,
  );

  const token = /OUTPOST_TOKEN='([^']+)'/.exec(await rotateAndShowBridgeCommand(owner))?.[1];
  expect(token).toBeTruthy();
  expect(token).not.toBe(server.token);
  // The new token is the one the panel accepts now, the old one no longer.
  const heartbeat = (bearer: string) =>
    owner.request.post('/api/plugin/v1/heartbeat', {
      headers: { Authorization: `Bearer ${bearer}` },
      data: { hostname: 'EU Fresh', map: 'Procedural Map', maxPlayers: 50, uptimeSeconds: 1, players: [] },
    });
  expect((await heartbeat(server.token)).status()).toBe(401);

  // Let the panel connect: saving shows the connection's state and what it means.
  await owner.getByLabel('RCON host').fill(rconHost);
  await owner.getByLabel('RCON port').fill(rconPort);
  await owner.getByLabel('RCON password').fill('e2e-rcon-password');
  await owner.getByRole('button', { name: 'Save and Connect' }).click();
  const state = owner.getByRole('status').filter({ hasText: 'RCON state' });
  await expect(state).toContainText(/Connecting|Unreachable|Connected|Wrong password/);
  await expect(state).toContainText(`${rconHost}:${rconPort}`);
  await expect(owner.getByText('e2e-rcon-password')).toHaveCount(0);
  await owner.getByRole('button', { name: 'Remove' }).click();
  await expect(state).toHaveCount(0);
  await expect(owner.getByRole('button', { name: 'Save and Connect' })).toBeVisible();
  expect((await heartbeat(token!)).status()).toBe(200);

  // On the network's server card the address no longer runs into Players, on a phone or a desktop.
  for (const width of [360, 1280]) {
    await owner.setViewportSize({ width, height: 800 });
    await owner.goto(paths.network(network.id));
    const card = owner.getByRole('article', { name: 'EU Fresh' });
    const address = await card.getByText('203.0.113.221:28015').boundingBox();
    const players = await card.getByText('Players', { exact: true }).boundingBox();
    expect(address && players).toBeTruthy();
    const overlaps =
      address!.x < players!.x + players!.width &&
      players!.x < address!.x + address!.width &&
      address!.y < players!.y + players!.height &&
      players!.y < address!.y + address!.height;
    expect(overlaps, `address and Players overlap at ${width} px`).toBe(false);
  }
});
