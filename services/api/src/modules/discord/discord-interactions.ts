import { EntityManager } from '@mikro-orm/core';
import { Injectable, Logger } from '@nestjs/common';
import { paths, REPORT_STATE_LABELS, type ReportState } from '@outpost/contracts';
import { isPermanentDuration, parseBanDuration } from '@outpost/validation';
import {
  InteractionResponseType,
  InteractionType,
  MessageFlags,
  type APIApplicationCommandInteractionDataOption,
  type APIInteraction,
  type APIInteractionResponse,
  type APIUser,
} from 'discord-api-types/v10';
import { InjectConfig, type AppConfig } from '../../core/config';
import { knexIn } from '../../core/database';
import { DomainError } from '../../core/http';
import { CommandsService } from '../commands';
import { PlayerRecord } from '../players';
import { ModerationService, PunishmentRecord } from '../punishments';
import { ReportRecord, ReportsService } from '../reports';
import { GameServer } from '../servers';
import { Network } from '../tenancy';
import { DiscordLinks } from './discord-links';
import { DiscordPeople } from './discord-people';
import { DiscordReports, reportMessage } from './discord-reports';
import { DiscordRest, discordFailureText } from './discord-rest';
import { DiscordGuildRecord } from './discord.entity';

/** How long a moderation command's outcome is waited for before the follow-up says where it stands. */
const OUTCOME_WAIT_MS = 8_000;

/** How /player sums a player's punishments up, the heaviest first. */
const PUNISHMENT_KINDS = ['ban', 'warn', 'kick'] as const;

const ephemeral = (content: string): APIInteractionResponse => ({
  type: InteractionResponseType.ChannelMessageWithSource,
  data: { content: content.slice(0, 2000), flags: MessageFlags.Ephemeral, allowed_mentions: { parse: [] } },
});
const publicAnswer = (content: string): APIInteractionResponse => ({
  type: InteractionResponseType.ChannelMessageWithSource,
  data: { content: content.slice(0, 2000), allowed_mentions: { parse: [] } },
});

const optionsOf = (options: readonly APIApplicationCommandInteractionDataOption[] | undefined) =>
  new Map(
    (options ?? []).flatMap((option) =>
      'value' in option ? [[option.name, String(option.value)] as const] : [],
    ),
  );

const nameOf = (user: APIUser | undefined): string => user?.global_name ?? user?.username ?? 'Discord user';

export const NOT_STAFF =
  'Link your panel account first: sign in to the panel with Discord. Staff commands follow your role in the panel’s network.';

/**
 * Answers Discord's interactions for the guild's network within Discord's 3 s: slash commands,
 * their autocomplete, and the buttons of report messages. Staff answers are ephemeral; moderation is
 * deferred and followed up with its outcome (the command's own status), audited as the panel user
 * whose Discord identity pressed it. The panel's roles decide, never Discord's.
 */
@Injectable()
export class DiscordInteractions {
  private readonly logger = new Logger('DiscordInteractions');
  private readonly publicUrl: string;

  constructor(
    private readonly em: EntityManager,
    private readonly people: DiscordPeople,
    private readonly links: DiscordLinks,
    private readonly moderation: ModerationService,
    private readonly commands: CommandsService,
    private readonly reports: ReportsService,
    private readonly discordReports: DiscordReports,
    private readonly rest: DiscordRest,
    @InjectConfig() config: AppConfig,
  ) {
    this.publicUrl = config.publicUrl.replace(/\/$/, '');
  }

  async handle(interaction: APIInteraction): Promise<APIInteractionResponse> {
    if (interaction.type === InteractionType.Ping) return { type: InteractionResponseType.Pong };
    const guildId = interaction.guild_id;
    const guild = guildId ? await this.em.fork().findOne(DiscordGuildRecord, { guildId }) : null;
    if (!guild) return ephemeral('This Discord server is not linked to a network of this panel.');
    const discordUser = interaction.member?.user ?? interaction.user;
    if (!discordUser) return ephemeral('Who sent this could not be told.');
    switch (interaction.type) {
      case InteractionType.ApplicationCommandAutocomplete:
        return this.autocomplete(guild.networkId, interaction.data.options);
      case InteractionType.MessageComponent:
        return this.button(guild.networkId, discordUser, interaction.data.custom_id);
      case InteractionType.ApplicationCommand: {
        if (!('options' in interaction.data) && interaction.data.type !== 1)
          return ephemeral('Not a slash command.');
        const options = optionsOf('options' in interaction.data ? interaction.data.options : undefined);
        return this.command(guild.networkId, interaction.data.name, options, discordUser, interaction.token);
      }
      default:
        return ephemeral('This kind of interaction is not handled.');
    }
  }

  private async command(
    networkId: string,
    name: string,
    options: Map<string, string>,
    user: APIUser,
    token: string,
  ): Promise<APIInteractionResponse> {
    switch (name) {
      case 'status':
        return publicAnswer(await this.status(networkId));
      case 'players':
        return publicAnswer(await this.online(networkId, options.get('server') ?? ''));
      case 'player': {
        const staff = await this.people.staff(user.id, networkId, 'reports.work');
        if (!staff) return ephemeral(NOT_STAFF);
        return ephemeral(await this.profile(networkId, options.get('query') ?? ''));
      }
      case 'link': {
        const code = await this.links.newCode(networkId, { userId: user.id, name: nameOf(user) }, token);
        const network = await this.em.fork().findOne(Network, { id: networkId }, { fields: ['name'] });
        return ephemeral(
          `Type \`!link ${code}\` in the game chat on any server of ${network?.name ?? 'this network'} within 10 minutes. The code works once.`,
        );
      }
      case 'unlink': {
        const removed = await this.links.unlink(
          networkId,
          { discordUserId: user.id },
          {
            id: `discord:${user.id}`,
            name: nameOf(user),
          },
        );
        return ephemeral(
          removed ? 'Your Discord is no longer linked to your Steam account here.' : 'You had no link here.',
        );
      }
      case 'kick':
      case 'warn':
      case 'ban': {
        const staff = await this.people.staff(user.id, networkId, 'players.moderate');
        if (!staff) return ephemeral(NOT_STAFF);
        // Deferred: the outcome follows once the game server reports it (or the wait ends).
        void this.moderate(networkId, name, options, staff.user, token);
        return {
          type: InteractionResponseType.DeferredChannelMessageWithSource,
          data: { flags: MessageFlags.Ephemeral },
        };
      }
      default:
        return ephemeral(`/${name} is not a command of this panel.`);
    }
  }

  private async status(networkId: string): Promise<string> {
    const em = this.em.fork();
    const network = await em.findOne(Network, { id: networkId }, { fields: ['name'] });
    const servers = await em.find(GameServer, { networkId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    if (servers.length === 0) return `**${network?.name}** has no servers yet.`;
    const lines = servers.map((server) => {
      const online = server.status === 'online' || server.status === 'starting';
      const map = server.map ? ` · ${server.map}` : '';
      return `${online ? '🟢' : '🔴'} **${server.name}** · ${online ? `${server.playerCount}/${server.maxPlayers} players` : 'offline'}${map}`;
    });
    return [`**${network?.name}**`, ...lines].join('\n');
  }

  private async serverNamed(networkId: string, query: string): Promise<GameServer | null> {
    const em = this.em.fork();
    const servers = await em.find(GameServer, { networkId });
    return (
      servers.find((server) => server.id === query) ??
      servers.find((server) => server.name.toLowerCase() === query.trim().toLowerCase()) ??
      null
    );
  }

  private async online(networkId: string, query: string): Promise<string> {
    const server = await this.serverNamed(networkId, query);
    if (!server) return 'No server of this network has that name.';
    const players = await this.em
      .fork()
      .find(
        PlayerRecord,
        { networkId, currentServerId: server.id },
        { orderBy: { displayName: 'asc' }, limit: 100 },
      );
    if (players.length === 0) return `Nobody is on **${server.name}** now.`;
    return `**${server.name}** · ${players.length} online\n${players.map((player) => player.displayName).join(', ')}`.slice(
      0,
      2000,
    );
  }

  private async playerOf(networkId: string, query: string): Promise<PlayerRecord | null> {
    const em = this.em.fork();
    const text = query.trim();
    if (/^\d{17}$/.test(text)) return em.findOne(PlayerRecord, { networkId, steamId: text });
    const [exact] = await em.find(PlayerRecord, { networkId, displayName: text }, { limit: 1 });
    if (exact) return exact;
    // Part of a name, without case (LIKE has case on PostgreSQL, not on SQLite: lower() on both).
    const found = (await knexIn(em)('players')
      .select('steam_id')
      .where('network_id', networkId)
      .andWhereRaw('lower(display_name) like ?', [`%${text.toLowerCase().replace(/[%_\\]/g, '')}%`])
      .orderBy('last_seen', 'desc')
      .first()) as { steam_id: string } | undefined;
    return found ? em.findOne(PlayerRecord, { networkId, steamId: found.steam_id }) : null;
  }

  private async profile(networkId: string, query: string): Promise<string> {
    const player = await this.playerOf(networkId, query);
    if (!player) return 'No player of this network matches.';
    const em = this.em.fork();
    const open = await em.count(ReportRecord, {
      networkId,
      targetSteamId: player.steamId,
      state: { $in: ['new', 'reviewing'] },
    });
    const given = await em.find(
      PunishmentRecord,
      { networkId, steamId: player.steamId },
      { fields: ['type'] },
    );
    const counts = PUNISHMENT_KINDS.flatMap((kind) => {
      const n = given.filter((punishment) => punishment.type === kind).length;
      return n ? [`${n} ${kind}${n === 1 ? '' : 's'}`] : [];
    });
    return [
      `**${player.displayName}** (${player.steamId})`,
      `${player.status === 'online' ? 'Online' : 'Offline'} · first seen ${player.firstJoined.toISOString().slice(0, 10)} · last seen ${player.lastSeen.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      `${player.status === 'banned' ? 'Banned' : 'Not banned'} · ${open} open report${open === 1 ? '' : 's'}`,
      counts.length ? `Punishments: ${counts.join(', ')}` : 'No punishments',
      `${this.publicUrl}${paths.playerProfile(networkId, player.steamId)}`,
    ].join('\n');
  }

  /** Carries out /kick, /warn or /ban as the panel user and follows up with the outcome. */
  private async moderate(
    networkId: string,
    name: string,
    options: Map<string, string>,
    user: Parameters<ModerationService['act']>[0],
    token: string,
  ): Promise<void> {
    const say = (content: string) =>
      this.rest
        .followUp(token, {
          content: content.slice(0, 2000),
          flags: MessageFlags.Ephemeral,
          allowed_mentions: { parse: [] },
        })
        .catch((error: unknown) => this.logger.warn(`Follow-up not sent: ${discordFailureText(error)}`));
    try {
      const player = await this.playerOf(networkId, options.get('player') ?? '');
      if (!player) return void (await say('No player of this network matches.'));
      const type = name as 'kick' | 'warn' | 'ban';
      const reason = (options.get('reason') ?? '').trim();
      if (!reason) return void (await say('A reason is required.'));
      let durationSeconds: number | null = null;
      let duration: string | null = null;
      if (type === 'ban') {
        const given = (options.get('duration') ?? '').trim();
        if (!/^perm(anent)?$/i.test(given) && !isPermanentDuration(given)) {
          durationSeconds = parseBanDuration(given);
          if (durationSeconds === null)
            return void (await say('Duration must be like 30m, 12h, 7d, 2w, or permanent.'));
          duration = given;
        }
      }
      const named = options.get('server') ? await this.serverNamed(networkId, options.get('server')!) : null;
      const serverId = named?.id ?? player.currentServerId ?? player.lastServerId;
      const server = serverId ? await this.em.fork().findOne(GameServer, { id: serverId, networkId }) : null;
      if (!server) return void (await say(`${player.displayName} has not been on a server of this network.`));
      const result = await this.moderation.act(user, server, player.steamId, type, {
        serverId: server.id,
        reason,
        ...(type === 'ban'
          ? { durationSeconds, duration, scope: options.get('scope') === 'server' ? 'server' : 'network' }
          : {}),
      });
      const deadline = Date.now() + OUTCOME_WAIT_MS;
      let status = 'pending';
      let output: string | null = null;
      while (Date.now() < deadline) {
        const item = (await this.commands.items([result.commandId], new Date())).get(result.commandId);
        status = item?.status ?? 'failed';
        output = item?.output ?? null;
        if (status !== 'pending' && status !== 'delivered') break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const done = { kick: 'Kicked', warn: 'Warned', ban: 'Banned' }[type];
      const where =
        type === 'ban' && options.get('scope') !== 'server' ? 'every server of the network' : server.name;
      const outcome =
        status === 'succeeded'
          ? `${done} **${player.displayName}** on ${where}: the game confirmed it.`
          : status === 'failed'
            ? `${done} **${player.displayName}** on ${where}, but the game refused it: ${output ?? 'no reason given'}.`
            : status === 'expired'
              ? `The ${type} of **${player.displayName}** expired: ${server.name} did not take it in time.`
              : `The ${type} of **${player.displayName}** is ${status} on ${server.name} (${server.status === 'online' ? 'waiting for the game' : `${server.name} is offline: it goes through when it is back`}).`;
      await say(outcome);
    } catch (error) {
      await say(
        error instanceof DomainError ? error.message : `It could not be done: ${(error as Error).message}`,
      );
    }
  }

  private async autocomplete(
    networkId: string,
    options: readonly APIApplicationCommandInteractionDataOption[] | undefined,
  ): Promise<APIInteractionResponse> {
    const focused = (options ?? []).find((option) => 'focused' in option && option.focused);
    const typed = focused && 'value' in focused ? String(focused.value).toLowerCase() : '';
    const servers = await this.em.fork().find(GameServer, { networkId }, { orderBy: { name: 'asc' } });
    return {
      type: InteractionResponseType.ApplicationCommandAutocompleteResult,
      data: {
        choices: servers
          .filter((server) => server.name.toLowerCase().includes(typed))
          .slice(0, 25)
          .map((server) => ({ name: server.name.slice(0, 100), value: server.name.slice(0, 100) })),
      },
    };
  }

  /** A report message's button: a linked staff member changes the report, and the message follows. */
  private async button(networkId: string, user: APIUser, customId: string): Promise<APIInteractionResponse> {
    const [kind, action, reportId] = customId.split(':');
    if (kind !== 'report' || !reportId) return ephemeral('This button is not the panel’s.');
    const staff = await this.people.staff(user.id, networkId, 'reports.work');
    if (!staff) return ephemeral(NOT_STAFF);
    // In the request's own entity manager: the reports module flushes its change there.
    const report = await this.em.findOne(ReportRecord, { id: reportId, networkId });
    if (!report) return ephemeral('This report is no longer in the panel.');
    const state: ReportState = action === 'close' ? 'resolved' : 'reviewing';
    // This answer updates the message itself: the change's own edit is skipped (told before the
    // change, whose event may be heard before update() returns; only when something changes).
    const answered = report.state !== state ? this.discordReports.answering(report.id) : () => undefined;
    let updated;
    try {
      updated = await this.reports.update(staff.user, report, { state });
    } catch (error) {
      answered();
      throw error;
    }
    return {
      type: InteractionResponseType.UpdateMessage,
      data: reportMessage(await this.discordReports.viewOf(report.id), this.publicUrl, {
        by: staff.user.name || staff.user.email,
        state: REPORT_STATE_LABELS[updated.state],
      }),
    };
  }
}
