import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { paths } from '@outpost/contracts';
import { startWebRconEmulator } from '@outpost/rcon/testing';
import { expect, test } from '@playwright/test';
import { bridgeEnv, rotateAndShowBridgeCommand, startBridge, type RunningBridge } from '../../support/bridge';
import { ownerWithServer } from '../../support/networks';
import { serverAreaLink } from '../../support/server-areas';

// A game server that refuses the password the panel was given. The game refuses an address for
// minutes after 5 wrong passwords (the right one too), so the panel dials a refused password once,
// says so on the server page in the person's local time, and dials again only on Try again, a new
// save, or after 10 minutes.

const stamp = Date.now().toString(36);
const RCON_PASSWORD = `e2e right password ${stamp}`;

test('a refused RCON password is said once and not dialled again; Try again and the right password connect', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const hostname = `Refusing Vanilla ${stamp}`;
  const { owner, ownerApi, network, server } = await ownerWithServer(browser, {
    user: `refused_${stamp}`,
    network: `Refused ${stamp}`,
    server: 'EU Refusing',
    address: '203.0.113.233:28015',
  });
  // As the game does: 5 wrong passwords and it refuses the address, the right password too.
  const game = await startWebRconEmulator({ password: RCON_PASSWORD, hostname, maxPasswordFailures: 5 });
  try {
    await owner.goto(paths.server(network.id, server.id));
    await owner.getByLabel('RCON host').fill(game.host);
    await owner.getByLabel('RCON port').fill(String(game.port));
    await owner.getByLabel('RCON password').fill('not the password');
    await owner.getByRole('button', { name: 'Save and Connect' }).click();

    const state = owner.getByRole('status').filter({ hasText: 'RCON state' });
    await expect(state).toContainText('Wrong password', { timeout: 15_000 });
    await expect(state).toContainText(
      /The server refused the password at \d{1,2}:\d{2}( [AP]M)?\. The panel will not retry until you change it, press Try again, or 10 minutes have passed\./,
    );
    // In the person's own time: what the browser's clock showed then, to the minute.
    const shown = /refused the password at (.+?)\. /.exec((await state.textContent()) ?? '')?.[1];
    const clock = await owner.evaluate(() =>
      [0, 60_000].map((ago) =>
        new Date(Date.now() - ago).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }),
      ),
    );
    expect(clock).toContain(shown);
    await expect(owner.locator('.sf-header')).toContainText('Wrong password');

    // Not dialled again: the old schedule tried every second.
    await owner.waitForTimeout(3_000);
    expect(game.logins).toHaveLength(1);

    // Every area's header says it as the server page does (Players and Punishments are another
    // remote's than Logs and the server page).
    for (const area of ['Players', 'Punishments', 'Logs'] as const) {
      await serverAreaLink(owner, area).click();
      await expect(owner).toHaveURL(new RegExp(`/${area.toLowerCase()}$`));
      await expect(owner.locator('.sf-header')).toContainText('Wrong password');
      await expect(owner.locator('.sf-header')).not.toContainText('Waiting for its first report');
    }
    await serverAreaLink(owner, 'Overview').click();
    await expect(state).toContainText('Wrong password');

    // Try again: dialled at once, and refused again.
    await owner.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => game.logins.length, { message: 'the login on Try again' }).toBe(2);
    await expect(state).toContainText('Wrong password');
    await expect(owner.getByRole('button', { name: 'Try again' })).toBeVisible();

    // The right password in the settings form: connected, and the game never refused the address.
    await owner.getByLabel('RCON password').fill(RCON_PASSWORD);
    await owner.getByRole('button', { name: 'Save and Reconnect' }).click();
    await expect(state).toContainText('Connected', { timeout: 15_000 });
    await expect(owner.getByRole('heading', { name: 'Server is reporting' })).toBeVisible({
      timeout: 15_000,
    });
    expect(game.logins.map((login) => login.accepted)).toEqual([false, false, true]);
    await expect(owner.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  } finally {
    await ownerApi.delete(`/api/servers/${server.id}/rcon`).catch(() => undefined);
    await game.stop();
  }
});

test('a bridge the game refuses is said on the server page, not "Waiting for its first report"', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { owner, network, server } = await ownerWithServer(browser, {
    user: `brref_${stamp}`,
    network: `Bridge Refused ${stamp}`,
    server: 'EU Bridge Refused',
    address: '203.0.113.234:28015',
  });
  const game = await startWebRconEmulator({ password: RCON_PASSWORD, hostname: `Bridged ${stamp}` });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'outpost-e2e-bridge-refused-'));
  let bridge: RunningBridge | null = null;
  try {
    await owner.goto(paths.server(network.id, server.id));
    const shown = await rotateAndShowBridgeCommand(owner);

    // The command as shown, with a password the game refuses.
    bridge = startBridge(
      ['--data-dir', dataDir],
      bridgeEnv(shown, { RCON_PORT: String(game.port), RCON_PASSWORD: 'not the password' }),
    );
    await expect.poll(() => game.logins.length, { message: "the bridge's login" }).toBe(1);

    // The page asks for the connection as it asks for the server: the refusal shows within that.
    const connection = owner.getByRole('status', { name: 'Connection' });
    await expect(connection).toContainText('Wrong password', { timeout: 20_000 });
    await expect(connection).toContainText('through outpost-bridge');
    await expect(connection).toContainText(
      /The server refused the bridge’s password at \d{1,2}:\d{2}( [AP]M)?\. The bridge will not retry for 10 minutes: set the right RCON_PASSWORD where it runs and restart it\./,
    );
    await expect(owner.locator('.sf-header')).toContainText('Wrong password');
    await expect(owner.getByText('Waiting for its first report')).toHaveCount(0);
    // The bridge did not dial again meanwhile (the game would refuse the address after 5).
    expect(game.logins.map((login) => login.accepted)).toEqual([false]);
  } finally {
    if (bridge) {
      await bridge.stop(1_000);
      await test.info().attach('outpost-bridge output', { body: bridge.output(), contentType: 'text/plain' });
    }
    await game.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
