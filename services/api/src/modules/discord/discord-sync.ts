import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DISCORD_LIMITS, type DiscordSyncChange, type DiscordSyncReport } from '@outpost/contracts';
import type { APIGuildMember } from 'discord-api-types/v10';
import { randomUUID } from 'node:crypto';
import { Leadership, type HeldRole } from '../../core/cluster';
import { CommandsService } from '../commands';
import { PlayerRecord } from '../players';
import { GameServer } from '../servers';
import { DiscordLinks } from './discord-links';
import { DiscordRest, discordFailureText } from './discord-rest';
import {
  DiscordGroupGrantRecord,
  DiscordGuildRecord,
  DiscordLinkRecord,
  DiscordRoleRuleRecord,
} from './discord.entity';

/** How long a sync waits for its in-game commands' outcomes before it reports them as they stand. */
const OUTCOME_WAIT_MS = 5_000;

/**
 * A role rule's console command for one player. The Steam ID is 17 digits and a group's name has
 * no space, quote or `;` (libs/validation), so each stays one argument as it is.
 */
export const groupCommand = (template: string, steamId: string, group: string): string =>
  template.replaceAll('{steamId}', steamId).replaceAll('{group}', group);

/**
 * Keeps Discord roles and in-game groups in step for a network's linked players, idempotently:
 * Discord → game: a linked member with a rule's role is added to its group on every server (the
 * rule's console command, queued as a command with its own outcome), and removed when they lose
 * the role, unlink, or leave the guild (the link is then marked inactive). Panel → Discord: every
 * active linked player gets the chosen "Linked" role, and loses it when unlinked. Runs on link and
 * unlink, every 10 minutes on the leader, and on Sync now; its report says who was added and
 * removed where, with each command's outcome, and is kept as the guild's last sync.
 */
@Injectable()
export class DiscordSync implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('DiscordSync');
  private role: HeldRole | null = null;
  /** Each network's pass under way on this instance (the next one waits for it). */
  private readonly running = new Map<string, Promise<DiscordSyncReport>>();

  constructor(
    private readonly em: EntityManager,
    private readonly rest: DiscordRest,
    private readonly commands: CommandsService,
    private readonly leadership: Leadership,
    links: DiscordLinks,
  ) {
    links.onChange((networkId, cause) => {
      void this.sync(networkId, cause).catch((error: unknown) =>
        this.logger.warn(`Sync after ${cause} failed: ${(error as Error).message}`),
      );
    });
  }

  onApplicationBootstrap(): void {
    if (!this.rest.configured) return;
    this.role ??= this.leadership.whileLeader('discord role sync', DISCORD_LIMITS.syncMinutes * 60_000, () =>
      this.syncAll(),
    );
  }

  async onModuleDestroy(): Promise<void> {
    const role = this.role;
    this.role = null;
    await role?.drop();
  }

  private async syncAll(): Promise<void> {
    const guilds = await this.em.fork().find(DiscordGuildRecord, {});
    for (const guild of guilds)
      await this.sync(guild.networkId, 'schedule').catch((error: unknown) =>
        this.logger.warn(`Sync of ${guild.networkId} failed: ${(error as Error).message}`),
      );
  }

  /**
   * One pass for the network; answers its report (also kept as the guild's last sync). Passes of a
   * network run one after the other on this instance (a link's, Sync now's and the schedule's).
   */
  sync(networkId: string, cause: DiscordSyncReport['cause']): Promise<DiscordSyncReport> {
    const previous = this.running.get(networkId) ?? Promise.resolve();
    const next = previous.then(
      () => this.pass(networkId, cause),
      () => this.pass(networkId, cause),
    );
    this.running.set(networkId, next);
    const forget = () => {
      if (this.running.get(networkId) === next) this.running.delete(networkId);
    };
    next.then(forget, forget);
    return next;
  }

  /**
   * Rules removed (or changed to another group or direction): the in-game groups they gave go now,
   * with each rule's own remove command on every server, unless another rule still gives the group
   * (the next sync then decides by that rule's role).
   */
  async retire(
    networkId: string,
    retired: readonly Pick<DiscordRoleRuleRecord, 'group' | 'direction' | 'removeCommand'>[],
  ): Promise<void> {
    const em = this.em.fork();
    const remaining = await em.find(DiscordRoleRuleRecord, { networkId });
    const servers = await em.find(GameServer, { networkId }, { fields: ['id'] });
    const done = new Set<string>();
    for (const rule of retired) {
      if (rule.direction === 'to_discord' || done.has(rule.group)) continue;
      done.add(rule.group);
      if (remaining.some((found) => found.group === rule.group && found.direction !== 'to_discord')) continue;
      for (const grant of await em.find(DiscordGroupGrantRecord, { networkId, group: rule.group })) {
        if (!(await em.nativeDelete(DiscordGroupGrantRecord, { id: grant.id }))) continue;
        for (const server of servers)
          await this.queue(
            networkId,
            server.id,
            groupCommand(rule.removeCommand, grant.steamId, grant.group),
          );
      }
    }
  }

  private async pass(networkId: string, cause: DiscordSyncReport['cause']): Promise<DiscordSyncReport> {
    const em = this.em.fork();
    const report: DiscordSyncReport = {
      at: new Date().toISOString(),
      cause,
      membersRead: 0,
      changes: [],
      errors: [],
    };
    const guild = await em.findOne(DiscordGuildRecord, { networkId });
    if (!guild || !this.rest.configured) return report;
    const [links, rules, servers, grants] = await Promise.all([
      em.find(DiscordLinkRecord, { networkId }),
      em.find(DiscordRoleRuleRecord, { networkId }),
      em.find(GameServer, { networkId }, { fields: ['id', 'name'] }),
      em.find(DiscordGroupGrantRecord, { networkId }),
    ]);
    const players = links.length
      ? await em.find(
          PlayerRecord,
          { networkId, steamId: { $in: links.map((link) => link.steamId) } },
          { fields: ['steamId', 'groups'] },
        )
      : [];
    const groupsBySteamId = new Map(players.map((player) => [player.steamId, player.groups]));
    let members: Map<string, APIGuildMember>;
    try {
      members = new Map((await this.rest.members(guild.guildId)).map((member) => [member.user.id, member]));
      report.membersRead = members.size;
    } catch (error) {
      report.errors.push(`Members not read: ${discordFailureText(error)}`);
      return this.keep(guild, report);
    }
    const toGame = rules.filter((rule) => rule.direction !== 'to_discord');
    const given = new Set(grants.map((grant) => `${grant.steamId}\u0000${grant.group}`));
    const queued: { change: DiscordSyncChange }[] = [];
    const change = (entry: DiscordSyncChange) => {
      report.changes.push(entry);
      return entry;
    };

    for (const link of links) {
      const member = members.get(link.discordUserId);
      const who = { steamId: link.steamId, discordUserId: link.discordUserId, discordName: link.discordName };
      // Left the guild: the link is kept, marked inactive; back, it is active again.
      if (!member && link.active) {
        link.active = false;
        change({ kind: 'link_inactive', ...who, status: 'done', detail: 'Left the Discord server' });
      } else if (member && !link.active) link.active = true;
      const roles = new Set(member?.roles ?? []);
      // Panel → Discord: the Linked role.
      if (guild.linkedRoleId && member && link.active && !roles.has(guild.linkedRoleId)) {
        await this.role_(change, 'role_added', guild, link, guild.linkedRoleId, report, () =>
          this.rest.addRole(guild.guildId, link.discordUserId, guild.linkedRoleId!),
        );
      }
      // Game → Discord (rules 'to_discord' or 'both'): the player's in-game groups, as the
      // heartbeat's roster last reported them.
      const groups = new Set(groupsBySteamId.get(link.steamId) ?? []);
      for (const rule of rules.filter((found) => found.direction !== 'to_game')) {
        if (!member || !link.active) continue;
        const inGroup = groups.has(rule.group.toLowerCase());
        // A group the panel gave for the role (a rule both ways) follows the role, never leads
        // it: once the role is taken away on Discord, the group going is not undone here.
        const ours = rule.direction === 'both' && given.has(`${link.steamId}\u0000${rule.group}`);
        if (inGroup && !ours && !roles.has(rule.roleId))
          await this.role_(change, 'role_added', guild, link, rule.roleId, report, () =>
            this.rest.addRole(guild.guildId, link.discordUserId, rule.roleId),
          );
        else if (!inGroup && roles.has(rule.roleId) && rule.direction === 'to_discord')
          await this.role_(change, 'role_removed', guild, link, rule.roleId, report, () =>
            this.rest.removeRole(guild.guildId, link.discordUserId, rule.roleId),
          );
      }
    }
    await em.flush();

    // Discord → game: what each linked player should have, against what the panel gave.
    const active = new Map(links.filter((link) => link.active).map((link) => [link.steamId, link]));
    const wanted = new Set<string>();
    for (const link of active.values()) {
      const roles = new Set(members.get(link.discordUserId)?.roles ?? []);
      for (const rule of toGame) if (roles.has(rule.roleId)) wanted.add(`${link.steamId}\u0000${rule.group}`);
    }
    const linkOf = (steamId: string) =>
      links.find((link) => link.steamId === steamId) ?? { steamId, discordUserId: '', discordName: '' };
    // Each grant is claimed (inserted, or deleted) before its commands are queued: a sync running
    // at the same time on another instance finds it claimed and queues nothing twice.
    for (const key of wanted) {
      if (given.has(key)) continue;
      const [steamId, group] = key.split('\u0000');
      const rule = toGame.find((found) => found.group === group)!;
      // Both ways, and already in the group in game (given there): nothing for the panel to give.
      const inGame = (groupsBySteamId.get(steamId) ?? []).includes(group.toLowerCase());
      if (rule.direction === 'both' && inGame) continue;
      if (!(await this.claimGrant(networkId, steamId, group))) continue;
      for (const server of servers)
        queued.push({
          change: change({
            kind: 'group_added',
            steamId,
            discordUserId: linkOf(steamId).discordUserId,
            discordName: linkOf(steamId).discordName,
            group,
            serverId: server.id,
            serverName: server.name,
            commandId: await this.queue(networkId, server.id, groupCommand(rule.addCommand, steamId, group)),
            status: 'pending',
          }),
        });
    }
    for (const grant of grants) {
      const key = `${grant.steamId}\u0000${grant.group}`;
      if (wanted.has(key)) continue;
      const rule =
        toGame.find((found) => found.group === grant.group) ??
        rules.find((found) => found.group === grant.group);
      // No rule names the group any more (its rule's removal took it away already): nothing to run.
      if (!rule) continue;
      if (!(await em.nativeDelete(DiscordGroupGrantRecord, { id: grant.id }))) continue;
      const link = linkOf(grant.steamId);
      for (const server of servers)
        queued.push({
          change: change({
            kind: 'group_removed',
            steamId: grant.steamId,
            discordUserId: link.discordUserId,
            discordName: link.discordName,
            group: grant.group,
            serverId: server.id,
            serverName: server.name,
            commandId: await this.queue(
              networkId,
              server.id,
              groupCommand(rule.removeCommand, grant.steamId, grant.group),
            ),
            status: 'pending',
          }),
        });
    }
    // The Linked role of those no longer linked (or inactive).
    if (guild.linkedRoleId)
      for (const member of members.values()) {
        const linked = links.find((link) => link.discordUserId === member.user.id && link.active);
        if (!linked && member.roles.includes(guild.linkedRoleId))
          await this.role_(
            change,
            'role_removed',
            guild,
            {
              steamId: '',
              discordUserId: member.user.id,
              discordName: member.user.username,
            } as DiscordLinkRecord,
            guild.linkedRoleId,
            report,
            () => this.rest.removeRole(guild.guildId, member.user.id, guild.linkedRoleId!),
          );
      }
    await em.flush();
    await this.outcomes(queued.map((entry) => entry.change));
    return this.keep(guild, report);
  }

  /** A Discord role change, done now, reported with its outcome. */
  private async role_(
    change: (entry: DiscordSyncChange) => DiscordSyncChange,
    kind: 'role_added' | 'role_removed',
    _guild: DiscordGuildRecord,
    link: Pick<DiscordLinkRecord, 'steamId' | 'discordUserId' | 'discordName'>,
    roleId: string,
    report: DiscordSyncReport,
    act: () => Promise<void>,
  ): Promise<void> {
    try {
      await act();
      change({
        kind,
        steamId: link.steamId,
        discordUserId: link.discordUserId,
        discordName: link.discordName,
        roleId,
        status: 'done',
      });
    } catch (error) {
      const detail = discordFailureText(error);
      change({
        kind,
        steamId: link.steamId,
        discordUserId: link.discordUserId,
        discordName: link.discordName,
        roleId,
        status: 'failed',
        detail,
      });
      report.errors.push(
        `${kind === 'role_added' ? 'Adding' : 'Removing'} a role of ${link.discordName}: ${detail}`,
      );
    }
  }

  /** Records a group given (answers false when another sync gave it first). */
  private async claimGrant(networkId: string, steamId: string, group: string): Promise<boolean> {
    try {
      await this.em.fork().insert(DiscordGroupGrantRecord, {
        id: randomUUID(),
        networkId,
        steamId,
        group,
        grantedAt: new Date(),
      });
      return true;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return false;
      throw error;
    }
  }

  private async queue(networkId: string, serverId: string, command: string): Promise<string> {
    const record = await this.commands.send({
      networkId,
      serverId,
      type: 'console',
      payload: { command },
      issuedBy: { id: 'discord', name: 'Discord role sync' },
      createdAt: new Date(),
    });
    return record.id;
  }

  /** Waits a moment for the in-game commands' outcomes, then reports each as it stands. */
  private async outcomes(changes: DiscordSyncChange[]): Promise<void> {
    const ids = changes.flatMap((entry) => (entry.commandId ? [entry.commandId] : []));
    if (ids.length === 0) return;
    const deadline = Date.now() + OUTCOME_WAIT_MS;
    for (;;) {
      const items = await this.commands.items(ids, new Date());
      for (const entry of changes) {
        const item = entry.commandId ? items.get(entry.commandId) : undefined;
        if (item) {
          entry.status = item.status;
          entry.detail = item.output;
        }
      }
      const open = changes.some((entry) => entry.status === 'pending' || entry.status === 'delivered');
      if (!open || Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  private async keep(guild: DiscordGuildRecord, report: DiscordSyncReport): Promise<DiscordSyncReport> {
    await this.em
      .fork()
      .nativeUpdate(DiscordGuildRecord, { networkId: guild.networkId }, { lastSync: report });
    return report;
  }
}
