// The Discord suites' world: the Discord stand-in, an app pointed at it, a crew whose network has
// a game server (its plugin played by the test) and the stand-in's guild linked through the bot
// install, and the calls those suites make (signed interactions, panel accounts signed in with
// Discord, `!link` typed in game chat, the plugin carrying out its commands).
import { RequestContext } from '@mikro-orm/core';
import type { AuditEntry, AuditListResponse, DiscordLink, DiscordSettings } from '@outpost/contracts';
import { startDiscordStandIn, type DiscordStandIn } from '@outpost/discord-stand-in';
import type { APIInteraction } from 'discord-api-types/v10';
import { randomBytes } from 'node:crypto';
import { UserIdentity } from '../../src/modules/identity/user-identity.entity';
import { createWorld, expectStatus, type Crew } from './crew';
import { addServer, heartbeat, pluginCall, steamIdOf, type FakePlayer } from './plugin';
import type { TestApp } from './test-app';

export const CALLBACK_PATH = '/api/discord/install/callback';

export type GameServerHandle = { id: string; token: string; name: string };

export type DiscordWorld = {
  t: TestApp;
  crew: Crew;
  other: Crew;
  discord: DiscordStandIn;
  guildId: string;
  server: GameServerHandle;
};

/** Players on the world's server. */
export const rex: FakePlayer = { steamId: steamIdOf(3701), name: 'Rex' };
export const bob: FakePlayer = { steamId: steamIdOf(3702), name: 'Bob' };

/** The location of a 302, parsed. */
export const locationOf = (res: { status: number; headers: Record<string, string> }): URL => {
  if (res.status !== 302) throw new Error(`expected a 302, got ${res.status}`);
  return new URL(res.headers.location);
};

/** Starts the bot install as `who` (GET …/discord/install) and answers the state Discord would carry. */
export const installState = async (who: Crew['owner'], networkId: string): Promise<string> =>
  locationOf(await who.agent.get(`/api/networks/${networkId}/discord/install`)).searchParams.get('state') ??
  '';

/** The whole bot install: the panel's redirect, Discord's code for `guildId`, the callback's redirect. */
export const installGuild = async (
  w: Pick<DiscordWorld, 't' | 'discord'>,
  who: Crew['owner'],
  networkId: string,
  guildId: string,
) => {
  const state = await installState(who, networkId);
  const code = w.discord.issueInstallCode({
    guildId,
    redirectUri: `${w.t.config.publicUrl}${CALLBACK_PATH}`,
  });
  return w.t.http.get(CALLBACK_PATH).query({ code, state, guild_id: guildId, permissions: '268455936' });
};

/** A panel account signed in with this Discord user, as Discord sign-in records it. */
export const linkPanelAccount = (t: TestApp, userId: string, discordUserId: string): Promise<void> =>
  RequestContext.create(t.orm.em, async () => {
    const em = t.orm.em.fork();
    em.create(UserIdentity, {
      id: randomBytes(10).toString('hex'),
      userId,
      provider: 'discord',
      providerUserId: discordUserId,
    });
    await em.flush();
  });

/** Sends a signed interaction to the panel as Discord does; answers the panel's HTTP answer. */
export const interact = (w: Pick<DiscordWorld, 't' | 'discord'>, interaction: APIInteraction) =>
  w.discord.interact(interaction, (body, headers) =>
    w.t.http.post('/api/discord/interactions').set(headers).send(body),
  );

/** A player types `line` in the game chat (the plugin's chat event). */
export const say = async (
  t: TestApp,
  server: { token: string },
  player: FakePlayer,
  line: string,
): Promise<void> => {
  expectStatus(
    await pluginCall(t, server.token, 'events', {
      events: [
        {
          id: `chat-${randomBytes(6).toString('hex')}`,
          type: 'chat',
          at: new Date().toISOString(),
          steamId: player.steamId,
          name: player.name,
          message: line,
        },
      ],
    }),
    200,
  );
};

/** `from` reports `target` with the F7 menu (the plugin's `report` event). */
export const reportEvent = async (
  t: TestApp,
  server: { token: string },
  report: { id: string; from: FakePlayer; target: FakePlayer; subject: string },
): Promise<void> => {
  expectStatus(
    await pluginCall(t, server.token, 'events', {
      events: [
        {
          id: report.id,
          type: 'report',
          at: new Date().toISOString(),
          reporterSteamId: report.from.steamId,
          targetSteamId: report.target.steamId,
          subject: report.subject,
          message: 'snaps to heads through walls',
        },
      ],
    }),
    200,
  );
};

/** The network's audit entries of one action, newest first (as its owner reads them). */
export const auditOf = async (crew: Crew, action: string): Promise<AuditEntry[]> =>
  (
    expectStatus(await crew.owner.agent.get(`/api/networks/${crew.network.id}/audit`).query({ action }), 200)
      .body.data as AuditListResponse
  ).entries;

export type PluginCommand = { id: string; type: string; command?: string; steamId?: string };

/** The plugin takes its queued commands (long poll) and reports each as `result`; answers them. */
export const carryOut = async (
  t: TestApp,
  server: { token: string },
  result: { ok: boolean; output: string } = { ok: true, output: '' },
  waitSeconds = 1,
): Promise<PluginCommand[]> => {
  const res = expectStatus(
    await t.http
      .get(`/api/plugin/v1/commands?wait=${waitSeconds}`)
      .set('Authorization', `Bearer ${server.token}`),
    200,
  );
  const commands = (res.body.data as { commands: PluginCommand[] }).commands;
  for (const command of commands)
    expectStatus(await pluginCall(t, server.token, `commands/${command.id}/result`, result), 200);
  return commands;
};

export const settingsOf = async (crew: Crew): Promise<DiscordSettings> =>
  expectStatus(await crew.owner.agent.get(`/api/networks/${crew.network.id}/discord`), 200).body
    .data as DiscordSettings;

export const linksOf = async (crew: Crew): Promise<DiscordLink[]> =>
  expectStatus(await crew.owner.agent.get(`/api/networks/${crew.network.id}/discord/links`), 200).body
    .data as DiscordLink[];

/**
 * Builds the world before the suite's tests (and closes it after them): the crew's network has
 * the server "EU Main" with Rex and Bob on it, and the stand-in's guild "Rust Legends Discord".
 */
export const useDiscordWorld = (options: { install?: boolean } = {}) => {
  const w = {} as DiscordWorld;
  beforeAll(async () => {
    const discord = await startDiscordStandIn();
    const { t, crew, other } = await createWorld({ env: discord.env });
    const added = await addServer(crew.owner, crew.network.id, 'EU Main');
    await heartbeat(t, added.token, [rex, bob]);
    const guildId = discord.addGuild({ name: 'Rust Legends Discord' });
    Object.assign(w, { t, crew, other, discord, guildId, server: { ...added, name: 'EU Main' } });
    if (options.install !== false)
      expectStatus(await installGuild(w, crew.owner, crew.network.id, guildId), 302);
  }, 60_000);
  afterAll(async () => {
    await w.t?.close();
    await w.discord?.close();
  });
  return w;
};
