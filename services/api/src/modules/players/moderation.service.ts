import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { AuditAction, PlayerActionResponse, PunishmentType } from '@outpost/contracts';
import { AccessService } from '../../core/access';
import { actorOf, DomainEvents } from '../../core/events';
import type { AuthUser } from '../../core/auth';
import { DomainError } from '../../core/http';
import { Network } from '../networks/network.entity';
import { PluginCommand } from '../plugin/plugin-command.entity';
import { GameServer } from '../servers/server.entity';
import { SERVER_NOT_FOUND_MESSAGE } from '../servers/servers.service';
import { toPunishmentDto } from './player-dto';
import { PlayerRecord } from './player.entity';
import { activeBansOf } from './player-state';
import { PLAYER_NOT_FOUND_MESSAGE } from './players.service';
import { PunishmentRecord } from './punishment.entity';

export const NOT_BANNED_MESSAGE = 'This player is not banned';

export type ModerationInput = {
  serverId: string;
  reason: string;
  /** Bans only: null means permanent. */
  durationSeconds?: number | null;
  duration?: string | null;
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
    private readonly access: AccessService,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Records the punishment and queues the command for a game server's plugin (delivered with
   * its next heartbeat answer): kick, warn and ban go to the server the player is on now (none
   * when offline: a ban is then enforced by a kick when they show up on any server of the
   * network); unban goes to the server named in the request.
   */
  async act(
    user: AuthUser,
    steamId: string,
    type: PunishmentType,
    input: ModerationInput,
  ): Promise<PlayerActionResponse> {
    const server = await this.em.findOne(GameServer, { id: input.serverId });
    if (!server) throw new DomainError('NOT_FOUND', SERVER_NOT_FOUND_MESSAGE);
    const { networkId } = server;
    await this.access.require(user, 'players.moderate', networkId, SERVER_NOT_FOUND_MESSAGE);
    const player = await this.em.findOne(PlayerRecord, { networkId, steamId });
    if (!player) throw new DomainError('NOT_FOUND', PLAYER_NOT_FOUND_MESSAGE);
    const now = new Date();

    if (type === 'unban' && !(await activeBansOf(this.em, networkId, [steamId], now)).size)
      throw new DomainError('CONFLICT', NOT_BANNED_MESSAGE);
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
    });
    if (type === 'ban') player.status = 'banned';
    if (type === 'unban') {
      const bans = await this.em.find(PunishmentRecord, { networkId, steamId, type: 'ban', liftedAt: null });
      for (const ban of bans) ban.liftedAt = now;
      player.status = player.currentServerId ? 'online' : 'offline';
    }
    const target = type === 'unban' ? server.id : player.currentServerId;
    const command = target
      ? this.em.create(PluginCommand, {
          networkId,
          serverId: target,
          type,
          payload: {
            steamId,
            reason: input.reason,
            ...(type === 'ban' ? { expiresAt: punishment.expiresAt?.toISOString() ?? null } : {}),
          },
          punishmentId: punishment.id,
          createdAt: now,
        })
      : null;
    // One flush, one transaction: the punishment, the lifted bans, the player and the command.
    await this.em.flush();

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
        ...(type === 'ban' ? { duration: input.duration ?? null } : {}),
      },
    });
    const names = new Map([[server.id, server.name]]);
    return { punishment: toPunishmentDto(punishment, names, now), commandId: command?.id ?? null };
  }
}
