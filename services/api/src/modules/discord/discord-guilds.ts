import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import {
  DISCORD_BOT_PERMISSIONS,
  DISCORD_DEFAULT_ADD_TEMPLATE,
  DISCORD_DEFAULT_REMOVE_TEMPLATE,
  DISCORD_INSTALL_SCOPES,
  DISCORD_INTERACTIONS_PATH,
  DISCORD_LIMITS,
  type DiscordChoice,
  type DiscordRoleRule,
  type DiscordSettings,
} from '@outpost/contracts';
import type {
  DiscordRoleRuleBody,
  DiscordSettingsBody,
  UpdateDiscordRoleRuleBody,
} from '@outpost/validation';
import { ChannelType } from 'discord-api-types/v10';
import type { AuthUser } from '../../core/auth';
import { InjectConfig, type AppConfig } from '../../core/config';
import { DomainEvents } from '../../core/events';
import { SecretBox } from '../../core/secrets';
import { Network } from '../tenancy';
import { User } from '../users';
import { DISCORD_COMMANDS } from './discord-commands';
import { DiscordRest, discordFailureText } from './discord-rest';
import { DiscordGuildRecord, DiscordRoleRuleRecord } from './discord.entity';
import { discordErrors } from './discord.errors';

const STATE_CONTEXT = 'discord-install-state';
const STATE_MINUTES = 15;

/** Where Discord sends the browser back after the bot install. */
export const INSTALL_CALLBACK_PATH = '/api/discord/install/callback';

const toRule = (rule: DiscordRoleRuleRecord): DiscordRoleRule => ({
  id: rule.id,
  roleId: rule.roleId,
  roleName: rule.roleName,
  group: rule.group,
  direction: rule.direction,
  addCommand: rule.addCommand,
  removeCommand: rule.removeCommand,
});

/**
 * A network's Discord guild: the bot install (Discord's OAuth2 with `bot applications.commands`, a
 * sealed `state` bound to the user and network), the slash commands registered there, the tab's
 * settings (reports channel, linked role), role rules, and Disconnect. Never answers a token.
 */
@Injectable()
export class DiscordGuilds {
  private readonly publicUrl: string;

  constructor(
    private readonly em: EntityManager,
    private readonly rest: DiscordRest,
    private readonly box: SecretBox,
    private readonly events: DomainEvents,
    @InjectConfig() config: AppConfig,
  ) {
    this.publicUrl = config.publicUrl.replace(/\/$/, '');
  }

  async settings(networkId: string): Promise<DiscordSettings> {
    const em = this.em.fork();
    const guild = await em.findOne(DiscordGuildRecord, { networkId });
    const rules = await em.find(
      DiscordRoleRuleRecord,
      { networkId },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    return {
      configured: this.rest.configured,
      missing: this.rest.missing,
      interactionsUrl: `${this.publicUrl}${DISCORD_INTERACTIONS_PATH}`,
      guild: guild
        ? { id: guild.guildId, name: guild.guildName, installedAt: guild.installedAt.toISOString() }
        : null,
      reportsChannelId: guild?.reportsChannelId ?? null,
      linkedRoleId: guild?.linkedRoleId ?? null,
      roleRules: rules.map(toRule),
      lastSync: guild?.lastSync ?? null,
    };
  }

  /** The network's guild, or the 409 that says there is none. */
  async guildOf(networkId: string): Promise<DiscordGuildRecord> {
    const guild = await this.em.fork().findOne(DiscordGuildRecord, { networkId });
    if (!guild) throw discordErrors.notLinked();
    return guild;
  }

  /** Discord's bot install page for this network, with a state only this user can bring back. */
  installUrl(user: AuthUser, networkId: string, now = Date.now()): string {
    if (!this.rest.configured) throw discordErrors.notConfigured();
    const state = this.box.seal(
      JSON.stringify({ networkId, userId: user.id, expiresAt: now + STATE_MINUTES * 60_000 }),
      STATE_CONTEXT,
    );
    const query = new URLSearchParams({
      client_id: this.rest.clientId ?? '',
      scope: DISCORD_INSTALL_SCOPES.join(' '),
      permissions: DISCORD_BOT_PERMISSIONS,
      response_type: 'code',
      redirect_uri: `${this.publicUrl}${INSTALL_CALLBACK_PATH}`,
      state,
    });
    return `${this.rest.authorizeUrl}?${query}`;
  }

  /**
   * Discord sent the browser back: the state says which user and network; the code is exchanged
   * for the guild, which is linked (one network per guild) and given the slash commands. Answers
   * the network, for the redirect to its Discord tab.
   */
  async completeInstall(
    query: { code?: string; state?: string; guild_id?: string },
    now = Date.now(),
  ): Promise<string> {
    const opened = query.state ? this.box.open(query.state, STATE_CONTEXT) : null;
    const state = opened
      ? (JSON.parse(opened) as { networkId: string; userId: string; expiresAt: number })
      : null;
    if (!state || state.expiresAt < now || !query.code) throw discordErrors.badState();
    let guild;
    try {
      guild = await this.rest.exchangeInstallCode(query.code, `${this.publicUrl}${INSTALL_CALLBACK_PATH}`);
    } catch (error) {
      throw discordErrors.installFailed(discordFailureText(error));
    }
    if (query.guild_id && query.guild_id !== guild.id)
      throw discordErrors.installFailed('the server does not match');
    const em = this.em.fork();
    const network = await em.findOne(Network, { id: state.networkId });
    if (!network) throw discordErrors.badState();
    const existing = await em.findOne(DiscordGuildRecord, { networkId: state.networkId });
    if (existing && existing.guildId !== guild.id)
      await em.nativeDelete(DiscordGuildRecord, { networkId: state.networkId });
    if (!existing || existing.guildId !== guild.id) {
      em.create(DiscordGuildRecord, {
        networkId: state.networkId,
        guildId: guild.id,
        guildName: guild.name.slice(0, 100),
        installedBy: state.userId,
        installedAt: new Date(now),
      });
      try {
        await em.flush();
      } catch (error) {
        if (error instanceof UniqueConstraintViolationException) throw discordErrors.guildTaken();
        throw error;
      }
    }
    try {
      await this.rest.setGuildCommands(guild.id, DISCORD_COMMANDS);
    } catch (error) {
      throw discordErrors.discordFailed(
        `The bot was added, but its commands were not: ${discordFailureText(error)}`,
      );
    }
    const user = await em.findOne(User, { id: state.userId });
    if (user)
      await this.events.publish(user, {
        action: 'discord.connected',
        networkId: network.id,
        networkName: network.name,
        target: { type: 'network', id: network.id, name: network.name },
        details: { guildId: guild.id, guildName: guild.name },
      });
    return state.networkId;
  }

  async update(networkId: string, body: DiscordSettingsBody): Promise<DiscordSettings> {
    const guild = await this.guildOf(networkId);
    if (body.reportsChannelId) {
      const channels = await this.channels(networkId);
      if (!channels.some((channel) => channel.id === body.reportsChannelId))
        throw discordErrors.unknownChannel();
    }
    if (body.linkedRoleId) {
      const roles = await this.roles(networkId);
      if (!roles.some((role) => role.id === body.linkedRoleId)) throw discordErrors.unknownRole();
    }
    await this.em.fork().nativeUpdate(
      DiscordGuildRecord,
      { networkId: guild.networkId },
      {
        ...(body.reportsChannelId !== undefined ? { reportsChannelId: body.reportsChannelId } : {}),
        ...(body.linkedRoleId !== undefined ? { linkedRoleId: body.linkedRoleId } : {}),
      },
    );
    return this.settings(networkId);
  }

  /** The guild's text channels (for the reports channel). */
  async channels(networkId: string): Promise<DiscordChoice[]> {
    const guild = await this.guildOf(networkId);
    const channels = await this.rest.channels(guild.guildId).catch((error: unknown) => {
      throw discordErrors.discordFailed(discordFailureText(error));
    });
    return channels
      .filter(
        (channel) => channel.type === ChannelType.GuildText || channel.type === ChannelType.GuildAnnouncement,
      )
      .map((channel) => ({ id: channel.id, name: channel.name ?? channel.id }));
  }

  /** The guild's roles but @everyone and the bots' own (for role rules and the linked role). */
  async roles(networkId: string): Promise<DiscordChoice[]> {
    const guild = await this.guildOf(networkId);
    const roles = await this.rest.roles(guild.guildId).catch((error: unknown) => {
      throw discordErrors.discordFailed(discordFailureText(error));
    });
    return roles
      .filter((role) => role.id !== guild.guildId && !role.managed)
      .map((role) => ({ id: role.id, name: role.name }));
  }

  async addRule(networkId: string, body: DiscordRoleRuleBody): Promise<DiscordRoleRule> {
    await this.guildOf(networkId);
    const em = this.em.fork();
    if ((await em.count(DiscordRoleRuleRecord, { networkId })) >= DISCORD_LIMITS.roleRules)
      throw discordErrors.tooManyRules();
    const role = (await this.roles(networkId)).find((found) => found.id === body.roleId);
    if (!role) throw discordErrors.unknownRuleRole();
    const rule = em.create(DiscordRoleRuleRecord, {
      networkId,
      roleId: body.roleId,
      roleName: role.name.slice(0, 100),
      group: body.group,
      direction: body.direction,
      addCommand: body.addCommand ?? DISCORD_DEFAULT_ADD_TEMPLATE,
      removeCommand: body.removeCommand ?? DISCORD_DEFAULT_REMOVE_TEMPLATE,
    });
    await em.flush();
    return toRule(rule);
  }

  async updateRule(
    networkId: string,
    ruleId: string,
    body: UpdateDiscordRoleRuleBody,
  ): Promise<DiscordRoleRule> {
    const em = this.em.fork();
    const rule = await em.findOne(DiscordRoleRuleRecord, { id: ruleId, networkId });
    if (!rule) throw discordErrors.ruleNotFound();
    if (body.roleId && body.roleId !== rule.roleId) {
      const role = (await this.roles(networkId)).find((found) => found.id === body.roleId);
      if (!role) throw discordErrors.unknownRuleRole();
      rule.roleId = role.id;
      rule.roleName = role.name.slice(0, 100);
    }
    if (body.group !== undefined) rule.group = body.group;
    if (body.direction !== undefined) rule.direction = body.direction;
    if (body.addCommand !== undefined) rule.addCommand = body.addCommand;
    if (body.removeCommand !== undefined) rule.removeCommand = body.removeCommand;
    await em.flush();
    return toRule(rule);
  }

  async removeRule(networkId: string, ruleId: string): Promise<void> {
    const removed = await this.em.fork().nativeDelete(DiscordRoleRuleRecord, { id: ruleId, networkId });
    if (!removed) throw discordErrors.ruleNotFound();
  }

  /** Disconnect: the guild, its settings and rules go; players' links stay (a new guild keeps them). */
  async disconnect(user: AuthUser, networkId: string): Promise<void> {
    const guild = await this.guildOf(networkId);
    const em = this.em.fork();
    await em.nativeDelete(DiscordRoleRuleRecord, { networkId });
    await em.nativeDelete(DiscordGuildRecord, { networkId });
    const network = await em.findOne(Network, { id: networkId }, { fields: ['name'] });
    await this.events.publish(user, {
      action: 'discord.disconnected',
      networkId,
      networkName: network?.name ?? '',
      target: { type: 'network', id: networkId, name: network?.name ?? '' },
      details: { guildId: guild.guildId, guildName: guild.guildName },
    });
  }
}
