import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { paths } from '@outpost/contracts';
import { startWebRconEmulator, type WebRconEmulator } from '@outpost/rcon/testing';
import { expect, test, type Page } from '@playwright/test';
import { bridgeEnv, rotateAndShowBridgeCommand, startBridge, type RunningBridge } from '../../support/bridge';
import { ownerWithServer } from '../../support/networks';
import { serverAreaLink, serverConsole } from '../../support/server-areas';

// A vanilla Rust server (the WebRCON emulator of @outpost/rcon: a real WebSocket server on the
// game's wire format, answering its console commands) connected to the real panel in both ways a
// manager can: the panel dials its RCON itself, or outpost-bridge (the built CLI, as a child
// process) runs beside it. Either way its players show, a console command reaches the game and its
// answer shows, a chat line shows once in Logs, and a kick from the players table reaches the game
// and the player leaves.

const stamp = Date.now().toString(36);
/** Spaces, a slash and an ampersand: the password goes into the WebSocket's path, URL-encoded. */
const RCON_PASSWORD = `e2e Rc0n/pass&word ${stamp}`;
const KICKED_LEFT = 'Kick and Warn are available while the player is on one of your servers.';

type GamePlayer = { steamId: string; name: string };

const playersOf = (first: number, names: string[]): GamePlayer[] =>
  names.map((name, i) => ({ steamId: String(76561199000000000n + BigInt(first + i)), name }));

/** A game server with its players on, listening on a free loopback port. */
const startGame = async (hostname: string, players: GamePlayer[]): Promise<WebRconEmulator> => {
  const game = await startWebRconEmulator({ password: RCON_PASSWORD, hostname, maxPlayers: 100 });
  for (const player of players) game.addPlayer(player);
  return game;
};

/** The server page once its first heartbeat is in: the game's own hostname and player count. */
const expectReporting = async (page: Page, hostname: string, players: GamePlayer[]) => {
  // The page asks for the server every 10 s: the first heartbeat shows within that.
  await expect(page.getByRole('heading', { name: 'Server is reporting' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Connect your server' })).toHaveCount(0);
  await expect(page.getByText(hostname, { exact: true })).toBeVisible();
  await expect(page.getByText(`${players.length}/100`, { exact: true })).toBeVisible();
};

/** Every player of the game is listed as online, and the Online Players card counts them. */
const expectOnline = async (page: Page, players: GamePlayer[]) => {
  const onlineCard = page
    .getByText('Online Players', { exact: true })
    .locator('xpath=following-sibling::*[1]');
  await expect(onlineCard).toHaveText(String(players.length));
  const table = page.getByRole('table', { name: 'Players' });
  await expect(table.getByRole('row')).toHaveCount(players.length + 1);
  for (const player of players) {
    const row = table.getByRole('row').filter({ hasText: player.steamId });
    await expect(row.getByRole('button', { name: player.name })).toBeVisible();
    await expect(row).toContainText('Online');
  }
};

/**
 * In the server's Console area: `status` typed at the prompt is received by the game and its
 * answer shows; a line the server prints on its own scrolls in beside it.
 */
const expectConsoleRuns = async (page: Page, game: WebRconEmulator, hostname: string) => {
  await serverAreaLink(page, 'Console').click();
  const { log, run } = serverConsole(page);
  await run('status');
  await expect.poll(() => game.received, { message: 'the game received status' }).toContain('status');
  await expect(log).toContainText(`hostname: ${hostname}`);
  await expect(log).toContainText(`players : ${game.game.players.size} (100 max)`);

  game.line(`Saving complete ${stamp}`);
  await expect(log).toContainText(`Saving complete ${stamp}`);
};

/**
 * In the server's Logs area: a player's chat message shows once. The game sends it twice (the line
 * it logs, `[CHAT] Name[steamId] : text`, and its Chat frame); the panel keeps the chat line only.
 */
const expectChatOnce = async (page: Page, game: WebRconEmulator, player: GamePlayer) => {
  await serverAreaLink(page, 'Logs').click();
  const timeline = page.getByRole('log', { name: 'Server logs' });
  const said = `gg wp ${stamp}`;
  game.chat(player.steamId, said);
  const lines = timeline.getByRole('listitem').filter({ hasText: said });
  await expect(lines.first()).toContainText(`${player.name}: ${said}`);
  // Nothing more comes for it (the events of one frame arrive together, well within this).
  await page.waitForTimeout(2_000);
  await expect(lines).toHaveCount(1);
  await page.reload();
  await expect(lines.first()).toContainText(`${player.name}: ${said}`);
  await expect(lines).toHaveCount(1);
};

/**
 * From the players table: the player's detail, Kick, a reason of the admin's own. The game receives
 * `kick <steamid> "<reason>"` and drops the player; the panel then shows them off the server.
 */
const expectKickCarriedOut = async (
  page: Page,
  game: WebRconEmulator,
  player: GamePlayer,
  server: string,
) => {
  const reason = `Spawn camping ${stamp}`;
  const currentServer = page
    .getByText('Current Server', { exact: true })
    .locator('xpath=following-sibling::*[1]');
  await page.getByRole('table', { name: 'Players' }).getByRole('button', { name: player.name }).click();
  await expect(currentServer).toHaveText(server);
  await page.getByRole('group', { name: 'Player actions' }).getByRole('button', { name: 'Kick' }).click();
  const dialog = page.getByRole('dialog', { name: `Kick ${player.name}` });
  await expect(dialog.getByLabel('Reason')).toHaveValue('Kicked by administrator');
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Kick Player' }).click();
  await expect(page.getByText(`Kick of ${player.name} sent to ${server}.`)).toBeVisible();

  await expect
    .poll(() => game.received, { message: 'the game received the kick' })
    .toContain(`kick ${player.steamId} "${reason}"`);
  // The dialog follows the kick to its outcome.
  await expect(dialog.getByRole('status')).toHaveText('Kicked — confirmed by the server');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  expect(game.game.players.has(player.steamId)).toBe(false);
  // The next heartbeat leaves them out, and the list asks again every 10 s.
  await expect(page.getByText(KICKED_LEFT)).toBeVisible({ timeout: 25_000 });
  await expect(currentServer).toHaveText('Not connected');
  await expect(
    page.getByRole('group', { name: 'Player actions' }).getByRole('button', { name: 'Kick' }),
  ).toBeDisabled();
};

test('the panel connects to the server’s WebRCON: its players, its console and a kick', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const serverName = 'EU Vanilla';
  const hostname = `Emulated Vanilla ${stamp}`;
  const players = playersOf(101, ['Rex Raider', 'Mia Builder', 'Olaf Farmer']);
  const { owner, ownerApi, network, server } = await ownerWithServer(browser, {
    user: `rcon_${stamp}`,
    network: `RCON ${stamp}`,
    server: serverName,
    address: '203.0.113.230:28015',
  });
  const game = await startGame(hostname, players);
  try {
    await owner.goto(paths.server(network.id, server.id));
    await expect(owner.getByRole('heading', { name: 'Connect your server' })).toBeVisible();
    await expect(owner.getByRole('heading', { name: 'Let the panel connect' })).toBeVisible();
    await owner.getByLabel('RCON host').fill(game.host);
    await owner.getByLabel('RCON port').fill(String(game.port));
    await owner.getByLabel('RCON password').fill(RCON_PASSWORD);
    await owner.getByRole('button', { name: 'Save and Connect' }).click();

    const state = owner.getByRole('status').filter({ hasText: 'RCON state' });
    await expect(state).toContainText('Connected', { timeout: 15_000 });
    await expect(state).toContainText(`${game.host}:${game.port}`);
    await expect(state).toContainText(
      'The panel reads the server’s players and runs its commands over RCON.',
    );
    expect(game.clients).toBe(1);
    await expectReporting(owner, hostname, players);
    // Still connected on the reporting server's page, and the password is not shown anywhere.
    await expect(state).toContainText('Connected');
    await expect(owner.getByText(RCON_PASSWORD)).toHaveCount(0);

    await serverAreaLink(owner, 'Players').click();
    await expect(owner).toHaveURL(new RegExp(`${paths.serverArea(network.id, server.id, 'players')}$`));
    await expectOnline(owner, players);

    await expectConsoleRuns(owner, game, hostname);
    await expectChatOnce(owner, game, players[1]);

    await serverAreaLink(owner, 'Players').click();
    await expectKickCarriedOut(owner, game, players[0], serverName);
  } finally {
    // The panel would otherwise keep dialling the stopped game until the suite ends.
    await ownerApi.delete(`/api/servers/${server.id}/rcon`).catch(() => undefined);
    await game.stop();
  }
});

test('outpost-bridge beside the server connects it with the command the panel shows', async ({ browser }) => {
  test.setTimeout(60_000);
  const serverName = 'EU Bridged';
  const hostname = `Emulated Bridged ${stamp}`;
  const players = playersOf(201, ['Ada Scout', 'Bo Miner']);
  const { owner, network, server } = await ownerWithServer(browser, {
    user: `brdg_${stamp}`,
    network: `Bridge ${stamp}`,
    server: serverName,
    address: '203.0.113.231:28015',
  });
  const game = await startGame(hostname, players);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'outpost-e2e-bridge-'));
  let bridge: RunningBridge | null = null;
  try {
    // The token was shown at creation; the page issues a new one into the command to run.
    await owner.goto(paths.server(network.id, server.id));
    const shown = await rotateAndShowBridgeCommand(owner);
    const token = /OUTPOST_TOKEN='([^']+)'/.exec(shown)?.[1] ?? '';
    expect(token).not.toBe(server.token);

    // The command as shown (its settings in the environment), with this game's RCON port and
    // password (the panel cannot know them).
    bridge = startBridge(
      ['--data-dir', dataDir],
      bridgeEnv(shown, { RCON_PORT: String(game.port), RCON_PASSWORD: RCON_PASSWORD }),
    );
    await expect.poll(() => game.clients, { message: 'the bridge connected to the game' }).toBe(1);
    await expectReporting(owner, hostname, players);

    await expectConsoleRuns(owner, game, hostname);

    await owner.goto(paths.network(network.id));
    await owner
      .getByRole('tablist', { name: 'Network sections' })
      .getByRole('tab', { name: 'Players' })
      .click();
    await expectOnline(owner, players);
    await expectKickCarriedOut(owner, game, players[1], serverName);

    // SIGTERM: it delivers what it holds and exits 0, and no secret was ever printed.
    expect(await bridge.stop()).toBe(0);
    for (const secret of [token, RCON_PASSWORD, encodeURIComponent(RCON_PASSWORD)])
      expect(bridge.output()).not.toContain(secret);
  } finally {
    if (bridge) {
      // A no-op once it has exited; the log helps to read a failure.
      await bridge.stop(1_000);
      await test.info().attach('outpost-bridge output', { body: bridge.output(), contentType: 'text/plain' });
    }
    await game.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
