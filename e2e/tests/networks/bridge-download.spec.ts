import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { paths } from '@outpost/contracts';
import { startWebRconEmulator } from '@outpost/rcon/testing';
import { expect, test } from '@playwright/test';
import { ownerWithServer } from '../../support/networks';
import { repoRoot } from '../../support/server';

// "Run the bridge" as a manager follows it on a Linux machine: the lines the server page shows,
// pasted into a shell in an empty folder. They download outpost-bridge.mjs from this panel, check
// it against the panel's SHA-256, and run it with node against a game server (the WebRCON
// emulator); its players show, and the page says which bridge version it is connected through.

const stamp = Date.now().toString(36);
const RCON_PASSWORD = `e2e bridge pass ${stamp}`;
const { version: BRIDGE_VERSION } = JSON.parse(
  readFileSync(path.join(repoRoot, 'services/bridge/package.json'), 'utf8'),
) as { version: string };

type Shell = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Runs pasted lines in bash, in `cwd`, with nothing but PATH (node's folder included). */
const paste = (script: string, cwd: string): Shell => {
  let output = '';
  const child = spawn('bash', ['-euo', 'pipefail', '-c', script], {
    cwd,
    env: { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin` },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a stop reaches node however bash started it.
    detached: true,
  });
  const take = (chunk: Buffer) => void (output += String(chunk));
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
};

test('the bridge downloaded from the panel with the page’s Linux lines connects a game server', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const hostname = `Downloaded Bridge ${stamp}`;
  const players = [
    { steamId: '76561199000000301', name: 'Ivy Trader' },
    { steamId: '76561199000000302', name: 'Kai Diver' },
  ];
  const { owner, network, server } = await ownerWithServer(browser, {
    user: `dl_${stamp}`,
    network: `Download ${stamp}`,
    server: 'EU Downloaded',
    address: '203.0.113.232:28015',
  });
  const game = await startWebRconEmulator({ password: RCON_PASSWORD, hostname, maxPlayers: 50 });
  for (const player of players) game.addPlayer(player);
  const folder = mkdtempSync(path.join(os.tmpdir(), 'outpost-bridge-fresh-'));
  let bridge: Shell | null = null;
  try {
    await owner.goto(paths.server(network.id, server.id));
    await expect(owner.getByRole('heading', { name: 'Run the bridge' })).toBeVisible();
    const download = (await owner.getByLabel('Download the bridge (Linux)').textContent()) ?? '';
    const run = (await owner.getByLabel('Bridge command', { exact: true }).textContent()) ?? '';
    for (const text of [download, run]) expect(text).not.toMatch(/\bnpx\b/);

    // Download and check, as shown: sha256sum -c says OK, and only the file is left.
    const fetched = paste(download, folder);
    expect(await fetched.exited, fetched.output()).toBe(0);
    expect(fetched.output()).toContain('outpost-bridge.mjs: OK');
    expect(readdirSync(folder)).toEqual(['outpost-bridge.mjs']);

    // Run, as shown, with what the panel cannot know filled in: the token (shown when the server
    // was added), the game's RCON port and its password.
    expect(run).toContain("OUTPOST_TOKEN='<server token>'");
    const filled = run
      .replace('<server token>', server.token)
      .replace(/RCON_PORT=\d+/, `RCON_PORT=${game.port}`)
      .replace('<your rcon password>', RCON_PASSWORD);
    bridge = paste(filled, folder);
    await expect.poll(() => game.clients, { message: 'the bridge connected to the game' }).toBe(1);

    // The page asks for the server every 10 s: the first heartbeat shows within that.
    await expect(owner.getByRole('heading', { name: 'Server is reporting' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(owner.getByText(hostname, { exact: true })).toBeVisible();
    await expect(owner.getByText(`${players.length}/50`, { exact: true })).toBeVisible();
    await expect(owner.getByRole('status', { name: 'Connected through' })).toContainText(
      new RegExp(
        `Connected through outpost-bridge ${BRIDGE_VERSION.replace(/\./g, '\\.')} from (127\\.0\\.0\\.1|::1|::ffff:127\\.0\\.0\\.1), last report `,
      ),
    );
    await expect(owner.getByText(/older than this panel/)).toHaveCount(0);

    await owner.goto(paths.serverArea(network.id, server.id, 'players'));
    const table = owner.getByRole('table', { name: 'Players' });
    for (const player of players)
      await expect(table.getByRole('row').filter({ hasText: player.steamId })).toContainText('Online');

    // SIGTERM: it stops cleanly, printed no secret and no listener-leak warning.
    process.kill(-(bridge.child.pid as number), 'SIGTERM');
    expect(await bridge.exited).toBe(0);
    expect(bridge.output()).not.toContain(server.token);
    expect(bridge.output()).not.toContain(RCON_PASSWORD);
    expect(bridge.output()).not.toContain('MaxListenersExceededWarning');
  } finally {
    if (bridge && bridge.child.exitCode === null && bridge.child.signalCode === null) {
      process.kill(-(bridge.child.pid as number), 'SIGKILL');
    }
    if (bridge)
      await test.info().attach('outpost-bridge output', { body: bridge.output(), contentType: 'text/plain' });
    await game.stop();
    rmSync(folder, { recursive: true, force: true });
  }
});
