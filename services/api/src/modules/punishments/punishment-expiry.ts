import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../../core/events';
import { CommandsService } from '../commands';
import { PlayerRecord, settlePlayerStatus } from '../players';
import { BanRelease } from './ban-release';
import { holdingBans } from './ban-rule';
import { PunishmentRecord } from './punishment.entity';

export const EXPIRED_BAN_REASON = 'Ban expired';
/** Expired bans handled per run; the next run (every heartbeat interval) takes the rest. */
const EXPIRED_PER_RUN = 200;

/**
 * A timed ban that ran out lifts itself everywhere it reached. Run by the offline sweep (every
 * heartbeat interval, with its clock): each expired ban is claimed once (expiry_handled_at, so two
 * instances never both send it), its servers get an `unban`, and the lists hear of it. Ban-check
 * and the heartbeat need nothing from here: the rule compares the expiry with the time asked.
 */
@Injectable()
export class PunishmentExpiry {
  constructor(
    private readonly em: EntityManager,
    private readonly release: BanRelease,
    private readonly commands: CommandsService,
    private readonly events: DomainEvents,
  ) {}

  /** The ids of the bans it found expired at `now` (the partial index punishments_expiry_due finds them). */
  async run(now: Date): Promise<string[]> {
    const due = await this.em
      .fork()
      .find(
        PunishmentRecord,
        { type: 'ban', liftedAt: null, expiryHandledAt: null, expiresAt: { $lte: now } },
        { orderBy: { expiresAt: 'asc', id: 'asc' }, limit: EXPIRED_PER_RUN },
      );
    const handled: PunishmentRecord[] = [];
    for (const ban of due) {
      const queued = await this.em.fork().transactional(async (em) => {
        const claimed = await em.nativeUpdate(
          PunishmentRecord,
          { id: ban.id, expiryHandledAt: null },
          { expiryHandledAt: now },
        );
        if (!claimed) return null;
        const commands = await this.release.queueUnbans(em, ban, now, EXPIRED_BAN_REASON);
        await em.flush();
        return commands;
      });
      if (!queued) continue;
      this.commands.announce(queued);
      handled.push(ban);
      this.events.emit('punishment.changed', {
        networkId: ban.networkId,
        serverId: ban.serverId,
        punishmentId: ban.id,
      });
    }
    await this.releasePlayers(handled, now);
    return handled.map((ban) => ban.id);
  }

  /**
   * The players of these expired bans still shown as banned get their status back unless another
   * ban of theirs holds. Driven from the bans handled now, so it never walks the punishments.
   */
  private async releasePlayers(bans: readonly PunishmentRecord[], now: Date): Promise<void> {
    if (bans.length === 0) return;
    const em = this.em.fork();
    const byNetwork = new Map<string, Set<string>>();
    for (const ban of bans)
      byNetwork.set(ban.networkId, (byNetwork.get(ban.networkId) ?? new Set()).add(ban.steamId));
    for (const [networkId, steamIds] of byNetwork) {
      const banned = await em.find(PlayerRecord, {
        networkId,
        status: 'banned',
        steamId: { $in: [...steamIds] },
      });
      const still = await holdingBans(em, {
        networkId,
        serverId: null,
        steamIds: banned.map((player) => player.steamId),
        at: now,
      });
      for (const player of banned) if (!still.has(player.steamId)) settlePlayerStatus(player, false);
    }
    await em.flush();
  }
}
