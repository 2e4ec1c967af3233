import type { EntityManager } from '@mikro-orm/core';
import { Global, Injectable, Module } from '@nestjs/common';
import { CommandsModule, CommandsService } from '../commands';
import { type HeldBan, type HeldBansQuery, PlayerPunishments } from '../players';
import type { Punishment } from '@outpost/contracts';
import { banHoldsSql, holdingBans } from './ban-rule';
import { sentDeliveries } from './punishment-deliveries';
import { toPunishmentDto } from './punishment-dto';
import { PunishmentRecord } from './punishment.entity';

/** The PlayerPunishments port players/ declares, answered by the ban rule (ban-rule.ts). */
@Injectable()
export class PunishmentsForPlayers extends PlayerPunishments {
  constructor(private readonly commands: CommandsService) {
    super();
  }

  heldBans(em: EntityManager, query: HeldBansQuery): Promise<Map<string, HeldBan>> {
    return holdingBans(em, query);
  }

  banHeldSql(): string {
    return `exists (select 1 from punishments b where b.network_id = p.network_id and b.steam_id = p.steam_id
             and ${banHoldsSql('b', '?')})`;
  }

  punishedOnServerSql(): string {
    return 'select b.player_id from punishments b where b.server_id = ?';
  }

  async ofPlayer(em: EntityManager, playerId: string, now: Date): Promise<Punishment[]> {
    const punishments = await em.find(
      PunishmentRecord,
      { playerId },
      { orderBy: { issuedAt: 'desc', id: 'desc' } },
    );
    if (punishments.length === 0) return [];
    const sent = await sentDeliveries(em, this.commands, punishments, now);
    return punishments.map((punishment) =>
      toPunishmentDto(punishment, new Map(), now, sent.get(punishment.id)),
    );
  }
}

/**
 * Provides the port to the whole app: players/ cannot import this module (punishments depends on
 * players), so the binding is global, like the database's.
 */
@Global()
@Module({
  imports: [CommandsModule],
  providers: [{ provide: PlayerPunishments, useClass: PunishmentsForPlayers }],
  exports: [PlayerPunishments],
})
export class PlayerPunishmentsModule {}
