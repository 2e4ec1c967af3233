import { paths } from '@outpost/contracts';
import { startDiscordStandIn, type DiscordStandIn } from '@outpost/discord-stand-in';
import { startWebRconEmulator, type WebRconEmulator } from '@outpost/rcon/testing';
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOAuthProvider, type OAuthProvider } from '../../support/oauth-provider';
import { panelApi } from '../../support/panel-api';
import { freePort, startServer, type RunningServer } from '../../support/server';

// The panel's Discord bot end to end, against a panel of its own pointed at the Discord stand-in
// (@outpost/discord-stand-in: Discord's REST API, its bot install page, and interactions signed as
// Discord signs them) and a modded game server (the WebRCON emulator with Oxide) the panel dials
// by its own RCON. The owner signs in with Discord, so their Discord identity is their panel
// account; Add to Discord goes through Discord's install page and back to the network's Discord
// tab; /status answers with the server; /link, then `!link CODE` in game chat, links a player (the
// profile shows it); a role rule and Sync now give the player the group in game with Oxide's
// command, which succeeds; an F7 report is posted with its buttons, and Close pressed on Discord
// by the owner closes it in the panel.

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const NETWORK = `Discord ${stamp}`;
const SERVER = 'EU Discord';
const GUILD = `Rust Legends ${stamp}`;
const RCON_PASSWORD = `e2e discord ${stamp}`;
const rex = { steamId: '76561199000003701', name: `Rex ${stamp}` };
const bob = { steamId: '76561199000003702', name: `Bob ${stamp}` };
/** The owner on Discord: they sign in to the panel with this account. */
const ownerDiscord = { id: '400000000000037001', username: 'owen.admin', globalName: 'Owen' };
const rexDiscord = { id: '400000000000037002', username: 'rex.rust', globalName: 'Rexy' };

let dataDir: string;
let discord: DiscordStandIn;
let oauth: OAuthProvider;
let panel: RunningServer;
let game: WebRconEmulator;
let owner: Page;
let networkId: string;
let serverId: string;
let guildId: string;
let reportsChannelId: string;
let vipRoleId: string;

/** Sends a signed interaction to the panel's Interactions Endpoint URL, as Discord does. */
const sendToPanel = (interaction: Parameters<DiscordStandIn['interact']>[0]) =>
  discord.interact(interaction, discord.postingTo(`${panel.url}/api/discord/interactions`));

/** The network page's Discord tab. */
const openDiscordTab = async (page: Page) => {
  await page.goto(paths.network(networkId));
  await page.getByRole('tablist', { name: 'Network sections' }).getByRole('tab', { name: 'Discord' }).click();
  await expect(page.getByRole('heading', { name: 'Discord', level: 2 })).toBeVisible();
};

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'outpost-e2e-discord-'));
  discord = await startDiscordStandIn();
  guildId = discord.addGuild({ name: GUILD });
  reportsChannelId = discord.addChannel(guildId, 'reports').id;
  vipRoleId = discord.addRole(guildId, { name: 'VIP' }).id;
  for (const user of [ownerDiscord, rexDiscord]) discord.addMember(guildId, user);

  // Discord's sign-in is an OAuth2 server of its own here; the bot's application is the stand-in's.
  const queue = path.join(dataDir, 'oauth-queue');
  oauth = await startOAuthProvider(queue);
  const signIn = Object.fromEntries(
    Object.entries(oauth.env).filter(([name]) => /^DISCORD_(AUTHORIZE|TOKEN|PROFILE)_URL$/.test(name)),
  );
  panel = await startServer({
    port: await freePort(),
    dataDir: path.join(dataDir, 'panel'),
    env: { ...signIn, ...discord.env, DEMO: 'false' },
  });

  game = await startWebRconEmulator({
    password: RCON_PASSWORD,
    hostname: `${SERVER} ${stamp}`,
    oxide: { groups: ['vip'] },
  });
  game.addPlayer(rex);
  game.addPlayer(bob);

  // The owner signs in with Discord: the panel account is theirs on Discord too.
  writeFileSync(
    path.join(queue, '0001.json'),
    JSON.stringify({
      id: ownerDiscord.id,
      username: ownerDiscord.username,
      global_name: ownerDiscord.globalName,
      email: `owen_${stamp}@example.com`,
      verified: true,
    }),
  );
  owner = await (await browser.newContext({ baseURL: panel.url })).newPage();
  await owner.goto(paths.login());
  await owner.getByRole('link', { name: 'Continue with Discord' }).click();
  await expect(owner).toHaveURL(new RegExp(`${paths.networks()}$`));
  await expect(owner.getByRole('banner').getByText(ownerDiscord.globalName)).toBeVisible();

  // A network with one server, connected by the panel's RCON to the running game.
  const ownerApi = await panelApi(owner);
  networkId = (await ownerApi.post<{ id: string }>('/api/networks', { name: NETWORK })).id;
  serverId = (
    await ownerApi.post<{ id: string }>(`/api/servers/network/${networkId}`, {
      name: SERVER,
      connectionAddress: '203.0.113.237:28015',
    })
  ).id;
  await ownerApi.put(`/api/servers/${serverId}/rcon`, {
    host: game.host,
    port: game.port,
    password: RCON_PASSWORD,
  });
  await expect
    .poll(async () => (await ownerApi.get<{ status: string }>(`/api/servers/${serverId}`)).status, {
      message: 'the server reports online',
      timeout: 15_000,
    })
    .toBe('online');
});

test.afterAll(async () => {
  await owner?.context().close();
  await panel?.stop();
  await game?.stop();
  await oauth?.stop();
  await discord?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("Add to Discord goes through Discord's install page and back to the tab, the server linked; the reports channel is chosen", async () => {
  await openDiscordTab(owner);
  await expect(owner.getByText('No Discord server linked')).toBeVisible();
  await owner.getByRole('button', { name: 'Add to Discord' }).click();

  // Discord's page: the person picks their server and authorizes the bot.
  await expect(owner).toHaveURL((url) => url.href.startsWith(`${discord.authorizeUrl}?`));
  await owner.getByLabel('Add to server').selectOption({ label: GUILD });
  await owner.getByRole('button', { name: 'Authorize' }).click();

  // Back on the network's Discord tab: the server is linked and the bot has its slash commands.
  await expect(owner).toHaveURL(new RegExp(`${paths.network(networkId)}\\?tab=discord$`));
  await expect(owner.getByText('Discord linked')).toBeVisible();
  await expect(owner.getByText(`The bot is in ${GUILD}, with its slash commands.`)).toBeVisible();
  await expect(owner.getByText(`Linked to ${GUILD}`)).toBeVisible();
  expect(discord.commands(guildId).map((command) => command.name)).toEqual(
    expect.arrayContaining(['status', 'link', 'players']),
  );

  await owner.getByLabel('Reports channel').selectOption({ label: '#reports' });
  await owner.getByRole('button', { name: 'Save' }).click();
  await expect(owner.getByText('Discord settings saved')).toBeVisible();
});

test("/status, signed as Discord signs it, is answered with the server's name and players", async () => {
  const status = discord.interactions.command('status', {}, { guildId, user: rexDiscord.id });
  expect((await sendToPanel(status)).status).toBe(200);
  // What Discord shows in the channel: the panel's answer.
  const shown = discord.responseTo(status).original?.content ?? '';
  expect(shown).toContain(`**${NETWORK}**`);
  expect(shown).toContain(`**${SERVER}** · 2/100 players · Procedural Map`);
});

test('/link, then `!link CODE` in game chat, links the player: told on Discord and in game, shown on the profile', async () => {
  const link = discord.interactions.command('link', {}, { guildId, user: rexDiscord.id });
  expect((await sendToPanel(link)).status).toBe(200);
  const answer = discord.responseTo(link).original?.content ?? '';
  const code = /`!link ([A-Z0-9]+)`/.exec(answer)?.[1];
  expect(code, `a code in "${answer}"`).toBeTruthy();

  game.chat(rex.steamId, `!link ${code}`);
  // Discord edits the /link answer; the game hears it in chat.
  await expect
    .poll(() => discord.responseTo(link).original?.content, { message: 'the /link answer edited' })
    .toBe(`Linked: your Discord is now linked to **${rex.name}** (${rex.steamId}).`);
  await expect
    .poll(() => game.received, { message: 'the game told the player' })
    .toContain(`say ${rex.name}, your Discord is now linked on ${NETWORK}.`);

  await owner.goto(paths.playerProfile(networkId, rex.steamId));
  const section = owner.getByRole('region', { name: 'Discord' });
  await expect(section.getByText(rexDiscord.globalName, { exact: true })).toBeVisible();
  await expect(section).toContainText('Active');
  await expect(section.getByRole('button', { name: 'Remove link' })).toBeVisible();
});

test("a role rule gives the player's group in game on Sync now: Oxide's oxide.usergroup add, succeeded", async () => {
  await openDiscordTab(owner);
  await owner.getByRole('button', { name: 'Add rule' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Add role rule' });
  await dialog.getByLabel('Discord role').selectOption({ label: 'VIP' });
  await dialog.getByLabel('In-game group').fill('vip');
  await expect(dialog.getByLabel('Add command')).toHaveValue('oxide.usergroup add {steamId} {group}');
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(dialog).toHaveCount(0);
  const rule = owner.getByRole('listitem', { name: 'VIP and vip' });
  await expect(rule).toContainText('Discord → game');
  await expect(rule).toContainText('oxide.usergroup add {steamId} {group}');

  // The player gets the VIP role on Discord; Sync now puts the game in step.
  discord.setRoles(guildId, rexDiscord.id, [vipRoleId]);
  await owner.getByRole('button', { name: 'Sync now' }).click();
  const change = owner
    .getByRole('list', { name: 'Changes' })
    .getByRole('listitem')
    .filter({ hasText: `${rexDiscord.globalName} added to vip on ${SERVER}` });
  await expect(change).toContainText('Succeeded');
  // The game's own answer to the command.
  await expect(change).toContainText(`Player '${rex.name}(${rex.steamId})' added to group: vip`);
  expect(game.received).toContain(`oxide.usergroup add ${rex.steamId} vip`);
  expect([...(game.game.oxideGroups.get('vip') ?? [])]).toEqual([rex.steamId]);
});

test('an F7 report is posted with its buttons; Close pressed by the owner on Discord closes it in the panel', async () => {
  const subject = `Aimbot ${stamp}`;
  game.report({ reporter: rex, target: bob, subject, message: 'snaps to heads through walls' });
  const postedIn = () =>
    discord.messages(reportsChannelId).find((message) => message.embeds[0]?.description?.startsWith(subject));
  await expect.poll(() => postedIn()?.id, { message: 'the report posted on Discord' }).toBeTruthy();
  const posted = postedIn()!;
  expect(posted.embeds[0].title).toContain(bob.name);
  const stateOf = (message: typeof posted | null) =>
    message?.embeds[0]?.fields?.find((field) => field.name === 'State')?.value;
  expect(stateOf(posted)).toBe('New');
  const buttons = (posted.components ?? []).flatMap((row) =>
    'components' in row ? (row.components as { label?: string; custom_id?: string; url?: string }[]) : [],
  );
  expect(buttons.map((button) => button.label)).toEqual(['Mark seen', 'Close', 'Open in panel']);
  expect(buttons[2].url).toBe(`${panel.url}${paths.playerProfile(networkId, bob.steamId)}`);
  const closeId = buttons[1].custom_id ?? '';

  // The owner presses Close on Discord: the message says who closed it.
  const press = discord.interactions.component(closeId, posted, { guildId, user: ownerDiscord.id });
  expect((await sendToPanel(press)).status).toBe(200);
  const after = discord.message(posted.id);
  expect(stateOf(after)).toBe('Resolved');
  expect(after?.embeds[0]?.footer?.text).toContain(ownerDiscord.globalName);

  // The panel's Reports: the report is resolved.
  await owner.goto(`${paths.serverArea(networkId, serverId, 'punishments')}?tab=reports`);
  const row = owner.getByRole('table', { name: 'Reports' }).getByRole('row').filter({ hasText: subject });
  await expect(row).toContainText('Resolved');
});
