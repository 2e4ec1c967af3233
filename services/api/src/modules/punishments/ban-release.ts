import type { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { type CommandRecord, CommandsService } from '../commands';
import { PlayerRecord, settlePlayerStatus } from '../players';
import { GameServer } from '../servers';
import { holdingBans } from './ban-rule';
import type { PunishmentRecord } from './punishment.entity';

/**
 * What ends a ban (it expired, or was lifted early) on the game servers: an `unban` for every
 * server it reached, its own or, for a network ban, every server the network has now, except where
 * another ban of the player still holds. The plugin or bridge removes it from the game's ban list.
 */
@Injectable()
export class BanRelease {
  constructor(private readonly commands: CommandsService) {}

  /**
   * Queues the unbans on `em` (the caller flushes, then announces them). Call once the ban's end is
   * flushed in `em`'s transaction: the rule reads the database.
   */
  async queueUnbans(
    em: EntityManager,
    ban: PunishmentRecord,
    now: Date,
    reason: string,
  ): Promise<CommandRecord[]> {
    const servers = await em.find(
      GameServer,
      ban.scope === 'network'
        ? { networkId: ban.networkId }
        : { networkId: ban.networkId, id: ban.serverId ?? '' },
      { fields: ['id'], orderBy: { id: 'asc' } },
    );
    const player = await em.findOne(PlayerRecord, { id: ban.playerId });
    const queued: CommandRecord[] = [];
    for (const { id } of servers) {
      const still = await holdingBans(em, {
        networkId: ban.networkId,
        serverId: id,
        steamIds: [ban.steamId],
        at: now,
      });
      if (still.size) continue;
      queued.push(
        this.commands.queue(em, {
          networkId: ban.networkId,
          serverId: id,
          type: 'unban',
          payload: { steamId: ban.steamId, reason, ...(player ? { name: player.displayName } : {}) },
          punishmentId: ban.id,
          createdAt: now,
        }),
      );
    }
    if (player?.status === 'banned') {
      const anywhere = await holdingBans(em, {
        networkId: ban.networkId,
        serverId: null,
        steamIds: [ban.steamId],
        at: now,
      });
      if (!anywhere.size) settlePlayerStatus(player, false);
    }
    return queued;
  }
}
