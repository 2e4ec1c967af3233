import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type {
  AuditAction,
  PlayerActionResponse,
  PluginPlayerCommandType,
  PunishmentType,
} from '@outpost/contracts';
import { actorOf, DomainEvents } from '../../core/events';
import type { AuthUser } from '../../core/auth';
import { ReportRecord, resolveReportBy } from '../reports';
import { Network } from '../tenancy';
import { playerErrors, PlayerRecord, settlePlayerStatus } from '../players';
import { CommandsService, type PlayerCommandPayload } from '../commands';
import { GameServer } from '../servers';
import { holdingBans } from './ban-rule';
import { sentDeliveries } from './punishment-deliveries';
import { toPunishmentDto } from './punishment-dto';
import { PunishmentRecord } from './punishment.entity';
import { punishmentErrors } from './punishments.errors';
import type { BanScope } from '@outpost/contracts';

export type ModerationInput = {
  serverId: string;
  reason: string;
  /** Bans only: null means permanent. */
  durationSeconds?: number | null;
  duration?: string | null;
  /** Bans only: the server named, or the whole network (the default). */
  scope?: BanScope;
  /** The F7 report this answers: linked to the punishment and resolved with it. */
  reportId?: string;
};

const AUDIT: Readonly<Record<PunishmentType, AuditAction>> = {
  kick: 'player.kicked',
  warn: 'player.warned',
  ban: 'player.banned',
  unban: 'player.unbanned',
};

@Injectable()
export class ModerationService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: DomainEvents,
    private readonly commands: CommandsService,
  ) {}

  /**
   * Records the punishment and queues the command for the server the request names (delivered
   * with its next heartbeat answer), which must be a server of the player's network. Kick and warn
   * reach a player in the game, so they need the player on that server now: otherwise nothing is
   * recorded and the answer is 409. A ban holds on the named server, or by default on the whole
   * network: the named server gets the ban (for its own ban list) and, for a network ban, the server
   * the player is on now, if another, a kick; any server they join later kicks them with its
   * heartbeat (ban-rule.ts decides where a ban holds). An unban goes to the named server and to every
   * server a ban it lifts was sent to, so none keeps refusing the player.
   */
  async act(
    user: AuthUser,
    server: GameServer,
    steamId: string,
    type: PunishmentType,
    input: ModerationInput,
  ): Promise<PlayerActionResponse> {
    const { networkId } = server;
    // The server decides the network: a player never seen on that network is not found.
    const player = await this.em.findOne(PlayerRecord, { networkId, steamId });
    if (!player) throw playerErrors.notFound();
    const report = input.reportId
      ? await this.em.findOne(ReportRecord, { id: input.reportId, networkId })
      : null;
    if (input.reportId && !report) throw punishmentErrors.unknownReport();
    const now = new Date();

    if ((type === 'kick' || type === 'warn') && player.currentServerId !== server.id)
      throw punishmentErrors.notOnServer({ player: player.displayName, server: server.name });
    const scope: BanScope = type === 'kick' || type === 'warn' ? 'server' : (input.scope ?? 'network');
    if (
      type === 'unban' &&
      !(await holdingBans(this.em, { networkId, serverId: null, steamIds: [steamId], at: now })).size
    )
      throw punishmentErrors.notBanned();
    const punishment = this.em.create(PunishmentRecord, {
      networkId,
      playerId: player.id,
      steamId,
      type,
      reason: input.reason,
      issuedById: user.id,
      issuedByName: actorOf(user).name,
      issuedAt: now,
      expiresAt:
        type === 'ban' && input.durationSeconds
          ? new Date(now.getTime() + input.durationSeconds * 1000)
          : null,
      serverId: server.id,
      scope,
    });
    const issuedBy = actorOf(user);
    const queued: ReturnType<CommandsService['queue']>[] = [];
    const queue = (serverId: string, command: PluginPlayerCommandType, payload: PlayerCommandPayload) => {
      const record = this.commands.queue(this.em, {
        networkId,
        serverId,
        type: command,
        payload: { ...payload, name: player.displayName },
        punishmentId: punishment.id,
        issuedBy,
        createdAt: now,
      });
      queued.push(record);
      return record;
    };
    const unbanAlsoOn: string[] = [];
    if (type === 'ban') {
      if (scope === 'network' || player.currentServerId === server.id) settlePlayerStatus(player, true);
      if (scope === 'network' && player.currentServerId && player.currentServerId !== server.id)
        queue(player.currentServerId, 'kick', { steamId, reason: `Banned: ${input.reason}` });
    }
    if (type === 'unban') {
      const bans = await this.em.find(PunishmentRecord, { networkId, steamId, type: 'ban', liftedAt: null });
      for (const ban of bans) ban.liftedAt = now;
      settlePlayerStatus(player, false);
      // Where each lifted ban was sent (its commands: a ban made before it went to the named
      // server was sent where the player played), and the server it names.
      const sent = await this.commands.serversOf(
        bans.map((ban) => ban.id),
        'ban',
      );
      const bannedOn = [...bans.map((ban) => ban.serverId), ...sent].filter(
        (id): id is string => !!id && id !== server.id,
      );
      unbanAlsoOn.push(...(await this.serversOfNetwork(networkId, bannedOn)));
    }
    const command = queue(server.id, type, {
      steamId,
      reason: input.reason,
      ...(type === 'ban' ? { expiresAt: punishment.expiresAt?.toISOString() ?? null } : {}),
    });
    for (const serverId of unbanAlsoOn) queue(serverId, 'unban', { steamId, reason: input.reason });
    if (report) resolveReportBy(report, punishment.id);
    // One flush, one transaction: the punishment, the lifted bans, the player, the commands and
    // the report it answers.
    await this.em.flush();
    this.commands.announce(queued);
    this.events.emit('punishment.changed', { networkId, serverId: server.id, punishmentId: punishment.id });
    if (report)
      this.events.emit('report.changed', { networkId, serverId: report.serverId, reportId: report.id });

    const network = await this.em.findOneOrFail(Network, { id: networkId });
    await this.events.publish(user, {
      action: AUDIT[type],
      networkId,
      networkName: network.name,
      target: { type: 'player', id: player.id, name: player.displayName },
      details: {
        steamId,
        reason: input.reason,
        serverId: server.id,
        // The name it had then: the entry still reads well once the server is renamed or deleted.
        serverName: server.name,
        ...(type === 'ban' ? { duration: input.duration ?? null, scope } : {}),
        ...(report ? { reportId: report.id } : {}),
      },
    });
    const names = new Map([[server.id, server.name]]);
    const sent = await sentDeliveries(this.em, this.commands, [punishment], now);
    return {
      punishment: toPunishmentDto(punishment, names, now, sent.get(punishment.id)),
      commandId: command.id,
    };
  }

  /** Those of these servers that still exist in the network, each once. */
  private async serversOfNetwork(networkId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const servers = await this.em.find(
      GameServer,
      { networkId, id: { $in: [...new Set(ids)] } },
      { fields: ['id'] },
    );
    return servers.map((found) => found.id);
  }
}
