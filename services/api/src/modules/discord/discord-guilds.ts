import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import {
  can,
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
import { AccessService } from '../../core/access';
import type { AuthUser } from '../../core/auth';
import { InjectConfig, type AppConfig } from '../../core/config';
import { DomainEvents } from '../../core/events';
import { SecretBox } from '../../core/secrets';
import { Network } from '../tenancy';
import { User } from '../users';
import { DISCORD_COMMANDS } from './discord-commands';
import { DiscordRest, discordFailureText } from './discord-rest';
import { DiscordSync } from './discord-sync';
import { DiscordGuildRecord, DiscordRoleRuleRecord } from './discord.entity';
import { discordErrors } from './discord.errors';

const STATE_CONTEXT = 'discord-install-state';
const STATE_MINUTES = 15;

/** What the bot install's `state` carries (sealed): who started it, for which network, until when. */
type InstallState = { networkId: string; userId: string; expiresAt: number };

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
    private readonly access: AccessService,
    private readonly sync: DiscordSync,
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
    const state = this.openState(query.state);
    if (!state || state.expiresAt < now || !query.code) throw discordErrors.badState();
    // The state is bound to its user: one who may no longer manage the network's Discord (demoted,
    // removed) cannot finish an install they started.
    const access = await this.access.roleOf(state.userId, state.networkId);
    if (!access || !can(access.role, 'discord.manage')) throw discordErrors.badState();
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
    const taken = await em.findOne(DiscordGuildRecord, { guildId: guild.id });
    if (taken && taken.networkId !== network.id) throw discordErrors.guildTaken();
    const existing = await em.findOne(DiscordGuildRecord, { networkId: network.id });
    const guildName = guild.name.slice(0, 100);
    const retired: DiscordRoleRuleRecord[] = [];
    if (!existing)
      em.create(DiscordGuildRecord, {
        networkId: network.id,
        guildId: guild.id,
        guildName,
        installedBy: state.userId,
        installedAt: new Date(now),
      });
    else if (existing.guildId !== guild.id) {
      // Another guild for this network: the old one's channel, roles and rules mean nothing there.
      Object.assign(existing, {
        guildId: guild.id,
        guildName,
        installedBy: state.userId,
        installedAt: new Date(now),
        reportsChannelId: null,
        linkedRoleId: null,
        lastSync: null,
      });
      retired.push(...(await em.find(DiscordRoleRuleRecord, { networkId: network.id })));
      await em.nativeDelete(DiscordRoleRuleRecord, { networkId: network.id });
    } else existing.guildName = guildName;
    try {
      await em.flush();
    } catch (error) {
      // Another network linked the same guild a moment earlier.
      if (error instanceof UniqueConstraintViolationException) throw discordErrors.guildTaken();
      throw error;
    }
    await this.sync.retire(network.id, retired);
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
    return network.id;
  }

  /** The install's state as sealed by installUrl, or null when it is not one. */
  private openState(sealed: string | undefined): InstallState | null {
    const opened = typeof sealed === 'string' && sealed ? this.box.open(sealed, STATE_CONTEXT) : null;
    if (!opened) return null;
    try {
      const state = JSON.parse(opened) as Partial<InstallState>;
      return typeof state.networkId === 'string' &&
        typeof state.userId === 'string' &&
        typeof state.expiresAt === 'number'
        ? (state as InstallState)
        : null;
    } catch {
      return null;
    }
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
    const before = { group: rule.group, direction: rule.direction, removeCommand: rule.removeCommand };
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
    // Another group, or no longer Discord → game: the old group goes as if its rule were removed.
    if (rule.group !== before.group || (rule.direction === 'to_discord' && before.direction !== 'to_discord'))
      await this.sync.retire(networkId, [before]);
    return toRule(rule);
  }

  /** Removes a rule; the in-game groups it gave are taken away (its remove command on each server). */
  async removeRule(networkId: string, ruleId: string): Promise<void> {
    const em = this.em.fork();
    const rule = await em.findOne(DiscordRoleRuleRecord, { id: ruleId, networkId });
    if (!rule || !(await em.nativeDelete(DiscordRoleRuleRecord, { id: rule.id })))
      throw discordErrors.ruleNotFound();
    await this.sync.retire(networkId, [rule]);
  }

  /**
   * Disconnect: the guild, its settings and rules go, and with the rules the in-game groups they
   * gave (nothing would keep them in step any more); players' links stay (a new guild keeps them).
   */
  async disconnect(user: AuthUser, networkId: string): Promise<void> {
    const guild = await this.guildOf(networkId);
    const em = this.em.fork();
    const rules = await em.find(DiscordRoleRuleRecord, { networkId });
    await em.nativeDelete(DiscordRoleRuleRecord, { networkId });
    await em.nativeDelete(DiscordGuildRecord, { networkId });
    await this.sync.retire(networkId, rules);
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
