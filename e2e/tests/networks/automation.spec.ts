import { paths } from '@outpost/contracts';
import { startWebRconEmulator, type WebRconEmulator } from '@outpost/rcon/testing';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { ownerWithServer } from '../../support/networks';
import { setPlan } from '../../support/plan';

// Server automation on a Premium network whose server is a vanilla Rust server (the WebRCON
// emulator of @outpost/rcon) the panel dials itself. An owner starts a restart countdown from its
// template, with short delays, and runs it now: the game receives the `say` lines in order, then
// the console command, and the run history shows each step succeeded. A chat trigger on !discord
// answers a player's chat line with a broadcast within 2 s, and its dry run lists that line.

const stamp = Date.now().toString(36);
const RCON_PASSWORD = `e2e automation ${stamp}`;
const PLAYER = { steamId: '76561199000000301', name: `Rex Raider ${stamp}` };

type Setup = {
  owner: Page;
  game: WebRconEmulator;
  networkId: string;
  serverName: string;
  stop: () => Promise<void>;
};

/**
 * A new owner of a Premium network with one server, connected by the panel's RCON to a running
 * emulated game with a player on it; resolves once the server reports online.
 */
const premiumNetworkWithGame = async (
  browser: Browser,
  label: string,
  serverName: string,
): Promise<Setup> => {
  const user = `${label}_${stamp}`;
  const { owner, ownerApi, network, server } = await ownerWithServer(browser, {
    user,
    network: `Automation ${label} ${stamp}`,
    server: serverName,
    address: '203.0.113.235:28015',
  });
  setPlan(`${user}@example.com`, 'premium');
  const game = await startWebRconEmulator({ password: RCON_PASSWORD, hostname: `${serverName} ${stamp}` });
  game.addPlayer(PLAYER);
  await ownerApi.put(`/api/servers/${server.id}/rcon`, {
    host: game.host,
    port: game.port,
    password: RCON_PASSWORD,
  });
  // "Only when the server is online" and the trigger's server both need the first heartbeat in.
  await expect
    .poll(async () => (await ownerApi.get<{ status: string }>(`/api/servers/${server.id}`)).status, {
      message: 'the server reports online',
      timeout: 15_000,
    })
    .toBe('online');
  const stop = async () => {
    // The panel would otherwise keep dialling the stopped game until the suite ends.
    await ownerApi.delete(`/api/servers/${server.id}/rcon`).catch(() => undefined);
    await game.stop();
  };
  return { owner, game, networkId: network.id, serverName, stop };
};

/** The network page's Automation tab. */
const openAutomationTab = async (page: Page, networkId: string) => {
  await page.goto(paths.network(networkId));
  await page
    .getByRole('tablist', { name: 'Network sections' })
    .getByRole('tab', { name: 'Automation' })
    .click();
  await expect(page.getByRole('heading', { name: 'Automation', level: 2 })).toBeVisible();
};

/** The `say` lines the game received, in order. */
const saysOf = (game: WebRconEmulator) => game.received.filter((line) => line.startsWith('say '));

/** A run in the Run history dialog: its title line (with the run's status) and its actions' items. */
const runIn = (history: Locator, title: string) => {
  const run = history.getByRole('listitem', { name: title });
  return {
    run,
    heading: run.getByRole('paragraph').filter({ hasText: title }),
    actions: run.getByRole('list', { name: `Actions of ${title}` }).getByRole('listitem'),
  };
};

test('a restart countdown from its template runs now: the say lines reach the game in order and each step succeeded', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { owner, game, networkId, serverName, stop } = await premiumNetworkWithGame(
    browser,
    'countdown',
    'EU Countdown',
  );
  try {
    await openAutomationTab(owner, networkId);
    await owner.getByRole('button', { name: 'Start from a template' }).click();
    const dialog = owner.getByRole('dialog', { name: 'New automation' });
    await dialog.getByLabel('Templates').selectOption({ label: 'Restart countdown' });
    await expect(dialog.getByLabel('Name')).toHaveValue('Daily restart');
    await dialog.getByLabel('Name').fill(`Restart countdown ${stamp}`);
    await dialog.getByLabel('Only these servers').check();
    await dialog.getByRole('group', { name: 'Servers it runs on' }).getByLabel(serverName).check();

    // Three warnings and the console step: the 45, 30, 15 and 10 minute ones go.
    const actions = dialog.getByRole('list', { name: 'Actions' }).getByRole('listitem');
    await expect(actions).toHaveCount(8);
    for (let removed = 0; removed < 4; removed++)
      await dialog
        .getByRole('listitem', { name: 'Action 2' })
        .getByRole('button', { name: 'Remove' })
        .click();
    await expect(actions).toHaveCount(4);
    const messages = [
      'The server restarts in 60 minutes',
      'The server restarts in 5 minutes',
      'The server restarts in 1 minute',
    ];
    for (const [index, message] of messages.entries())
      await expect(actions.nth(index).getByLabel('Message')).toHaveValue(message);
    const last = actions.nth(3);
    await expect(last.getByLabel('Command')).toHaveValue('restart 60 "Daily restart"');
    // `status` instead of a real restart: the emulated game answers it and stays up.
    await last.getByLabel('Command').fill('status');
    for (const index of [1, 2, 3]) await actions.nth(index).getByLabel('Delay (seconds)').fill('1');
    await dialog.getByRole('button', { name: 'Create automation' }).click();
    await expect(dialog).toHaveCount(0);

    const item = owner.getByRole('listitem', { name: `Restart countdown ${stamp}` });
    await expect(item).toContainText(serverName);
    await expect(item).toContainText('Never');
    const before = game.received.length;
    await item.getByRole('button', { name: 'Run now' }).click();

    // Run now opens the history, which follows the run live.
    const history = owner.getByRole('dialog', { name: `Run history: Restart countdown ${stamp}` });
    const { run, heading, actions: steps } = runIn(history, 'Run now: Started by hand');
    await expect(run).toContainText(serverName);
    await expect(steps).toHaveCount(4);
    // Each step waits for the one before it to reach its outcome, then its delay (1 s). The game
    // answers nothing to `say`, so the RCON path takes its silence for success after 5 s: ~18 s.
    await expect(heading).toContainText('Succeeded', { timeout: 30_000 });
    const expectedSteps = [
      ['1. Broadcast (say)', `say ${messages[0]}`],
      ['2. Broadcast (say)', `say ${messages[1]}`],
      ['3. Broadcast (say)', `say ${messages[2]}`],
      ['4. Console command', 'status'],
    ];
    for (const [index, [step, sent]] of expectedSteps.entries()) {
      await expect(steps.nth(index)).toContainText(step);
      await expect(steps.nth(index)).toContainText(sent);
      await expect(steps.nth(index)).toContainText('Succeeded');
    }

    // The console step shows the game's own answer to `status`.
    await expect(steps.nth(3)).toContainText(`hostname: ${serverName} ${stamp}`);

    // The game received the warnings in order, each once, then the console command (between
    // them only the panel's own polling of serverinfo and playerlist).
    expect(
      game.received.slice(before).filter((line) => line.startsWith('say ') || line === 'status'),
    ).toEqual([...messages.map((message) => `say ${message}`), 'status']);

    await history.getByRole('button', { name: 'Close' }).click();
    await expect(item).toContainText('Succeeded');
  } finally {
    await stop();
  }
});

test('a chat trigger on !discord answers with a broadcast within 2 s, and its dry run lists the chat line', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { owner, game, networkId, stop } = await premiumNetworkWithGame(browser, 'discord', 'EU Chat');
  const name = `Discord link ${stamp}`;
  const answer = `Join us on Discord: discord.gg/outpost-${stamp}`;
  try {
    await openAutomationTab(owner, networkId);
    await owner.getByRole('button', { name: 'New automation' }).click();
    const dialog = owner.getByRole('dialog', { name: 'New automation' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Trigger: when something happens').check();
    await dialog.getByLabel('When', { exact: true }).selectOption({ label: 'A chat message matches' });
    await dialog.getByLabel('Message matches').fill('^!discord');
    const action = dialog.getByRole('listitem', { name: 'Action 1' });
    await expect(action.getByLabel('Type')).toHaveValue('broadcast');
    await action.getByLabel('Message').fill(answer);
    await dialog.getByRole('button', { name: 'Create automation' }).click();
    await expect(dialog).toHaveCount(0);
    const item = owner.getByRole('listitem', { name });
    await expect(item).toContainText('A chat message matches /^!discord/ · All servers');

    // A player asks in global chat, as the game broadcasts it; the panel answers with a say.
    const chatLine = '!discord where is the invite?';
    const said = Date.now();
    game.chat(PLAYER.steamId, chatLine);
    await expect
      .poll(() => saysOf(game), {
        message: 'the game received the broadcast',
        intervals: [10],
        timeout: 5_000,
      })
      .toEqual([`say ${answer}`]);
    const latency = Date.now() - said;
    test.info().annotations.push({ type: 'chat → say', description: `${latency} ms` });
    expect(latency).toBeLessThan(2_000);

    const title = `A chat message matches: ${PLAYER.name} said “${chatLine}”`;
    await item.getByRole('button', { name: 'Run history' }).click();
    const history = owner.getByRole('dialog', { name: `Run history: ${name}` });
    const { heading, actions: steps } = runIn(history, title);
    // The say's success is the game's silence for 5 s (as above).
    await expect(heading).toContainText('Succeeded', { timeout: 15_000 });
    await expect(steps).toHaveCount(1);
    await expect(steps.first()).toContainText(`say ${answer}`);
    await expect(steps.first()).toContainText('Succeeded');
    await history.getByRole('button', { name: 'Close' }).click();
    await expect(history).toHaveCount(0);

    // The dry run replays the last 24 h: the chat line is the one match; the answer's own say is not.
    await item.getByRole('button', { name: 'Dry run' }).click();
    const dryRun = owner.getByRole('dialog', { name: `Dry run: ${name}` });
    await expect(dryRun).toContainText('1 would have fired.');
    const fired = dryRun.getByRole('list', { name: 'Would have fired' });
    const match = fired.getByRole('listitem', { name: `${PLAYER.name} said “${chatLine}”` });
    await expect(match).toContainText('EU Chat');
    await expect(match).toContainText(`say ${answer}`);
    await expect(dryRun).toContainText('A dry run acts on nothing');
    // Acting on nothing: the game received no second say.
    expect(saysOf(game)).toEqual([`say ${answer}`]);
  } finally {
    await stop();
  }
});
