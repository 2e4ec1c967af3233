import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { ImportPunishmentsResponse, PunishmentItem, PunishmentsResponse } from '@outpost/contracts';
import type { LiftPunishmentInput, PunishmentsQueryInput, UpdatePunishmentInput } from '@outpost/validation';
import type { AuthUser } from '../../core/auth';
import { actorOf, DomainEvents } from '../../core/events';
import { CommandsService } from '../commands';
import { Network } from '../tenancy';
import { PlayerRecord } from '../players';
import { GameServer } from '../servers';
import { BanRelease } from './ban-release';
import { banStateOf } from './ban-rule';
import { BANLIST_COMMAND } from './banlist-import';
import { sentDeliveries } from './punishment-deliveries';
import { toPunishmentItem } from './punishment-dto';
import { PunishmentRecord } from './punishment.entity';
import { punishmentErrors } from './punishments.errors';
import { PunishmentsQuery } from './punishments.query';

/**
 * The Punishments area: the lists (every member), a ban's edit and early lift (players.moderate),
 * and the import of a server's own ban list. Every change is an audit action and a live event.
 */
@Injectable()
export class PunishmentsService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: DomainEvents,
    private readonly commands: CommandsService,
    private readonly release: BanRelease,
    private readonly query: PunishmentsQuery,
  ) {}

  ofServer(server: GameServer, filters: PunishmentsQueryInput): Promise<PunishmentsResponse> {
    return this.query.page({ networkId: server.networkId, serverId: server.id }, filters, new Date());
  }

  ofNetwork(networkId: string, filters: PunishmentsQueryInput): Promise<PunishmentsResponse> {
    return this.query.page({ networkId }, filters, new Date());
  }

  /** A ban that still holds gets a new reason or expiry (null: permanent). */
  async update(
    user: AuthUser,
    found: PunishmentRecord,
    input: UpdatePunishmentInput,
  ): Promise<PunishmentItem> {
    const ban = this.activeBan(found);
    const now = new Date();
    const changes: Record<string, { from: string | null; to: string | null }> = {};
    if (input.reason !== undefined && input.reason !== ban.reason) {
      changes.reason = { from: ban.reason, to: input.reason };
      ban.reason = input.reason;
    }
    if (input.expiresAt !== undefined && input.expiresAt?.getTime() !== ban.expiresAt?.getTime()) {
      changes.expiresAt = {
        from: ban.expiresAt?.toISOString() ?? null,
        to: input.expiresAt?.toISOString() ?? null,
      };
      ban.expiresAt = input.expiresAt;
    }
    await this.em.flush();
    if (Object.keys(changes).length) await this.announce(user, ban, 'punishment.updated', changes);
    return this.itemOf(ban, now);
  }

  /** Ends a ban now on every server it reached (each gets an unban), as an expiry would. */
  async lift(
    user: AuthUser,
    punishment: PunishmentRecord,
    input: LiftPunishmentInput,
  ): Promise<PunishmentItem> {
    const found = this.activeBan(punishment);
    const now = new Date();
    const queued = await this.em.fork().transactional(async (em) => {
      const ban = await em.findOneOrFail(PunishmentRecord, { id: found.id });
      ban.liftedAt = now;
      await em.flush();
      const commands = await this.release.queueUnbans(em, ban, now, input.reason);
      await em.flush();
      return commands;
    });
    this.commands.announce(queued);
    await this.em.refresh(found);
    await this.announce(user, found, 'punishment.lifted', {
      reason: input.reason,
      servers: queued.map((command) => command.serverId),
    });
    return this.itemOf(found, now);
  }

  /**
   * Asks the server for its own ban list: a `banlistex` console command for the plugin, the
   * bridge or the panel's RCON connection; its result is stored by BanListImport when it arrives.
   */
  async import(user: AuthUser, server: GameServer): Promise<ImportPunishmentsResponse> {
    const command = await this.commands.send({
      networkId: server.networkId,
      serverId: server.id,
      type: 'console',
      payload: { command: BANLIST_COMMAND },
      issuedBy: actorOf(user),
      createdAt: new Date(),
    });
    const network = await this.em.findOneOrFail(Network, { id: server.networkId });
    await this.events.publish(user, {
      action: 'punishments.imported',
      networkId: server.networkId,
      networkName: network.name,
      target: { type: 'server', id: server.id, name: server.name },
      details: { serverId: server.id, commandId: command.id },
    });
    return { commandId: command.id };
  }

  /** The ban to change (the guard found it in the caller's network): 400 not a ban, 409 over. */
  private activeBan(punishment: PunishmentRecord): PunishmentRecord {
    if (punishment.type !== 'ban') throw punishmentErrors.onlyBansEditable();
    if (banStateOf(punishment, new Date()) !== 'active') throw punishmentErrors.banNotActive();
    return punishment;
  }

  private async announce(
    user: AuthUser,
    ban: PunishmentRecord,
    action: 'punishment.updated' | 'punishment.lifted',
    details: Record<string, unknown>,
  ): Promise<void> {
    const [network, player] = await Promise.all([
      this.em.findOneOrFail(Network, { id: ban.networkId }),
      this.em.findOne(PlayerRecord, { id: ban.playerId }),
    ]);
    await this.events.publish(user, {
      action,
      networkId: ban.networkId,
      networkName: network.name,
      target: { type: 'player', id: ban.playerId, name: player?.displayName ?? ban.steamId },
      details: { punishmentId: ban.id, steamId: ban.steamId, serverId: ban.serverId, ...details },
    });
    this.events.emit('punishment.changed', {
      networkId: ban.networkId,
      serverId: ban.serverId,
      punishmentId: ban.id,
    });
  }

  private async itemOf(ban: PunishmentRecord, now: Date): Promise<PunishmentItem> {
    const [player, server] = await Promise.all([
      this.em.findOne(PlayerRecord, { id: ban.playerId }),
      ban.serverId ? this.em.findOne(GameServer, { id: ban.serverId }) : null,
    ]);
    const sent = await sentDeliveries(this.em, this.commands, [ban], now);
    return toPunishmentItem(
      { ...ban, playerName: player?.displayName ?? null, serverName: server?.name ?? null },
      now,
      sent.get(ban.id),
    );
  }
}
