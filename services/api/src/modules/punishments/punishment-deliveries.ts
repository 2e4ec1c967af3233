import type { EntityManager } from '@mikro-orm/core';
import type { CommandsService } from '../commands';
import { serverNames } from '../servers';
import { deliveriesOf, deliveryOf, type SentDeliveries } from './punishment-dto';
import type { PunishmentRecord } from './punishment.entity';

/**
 * The deliveries of these punishments at `now`, by id (every one given has an
 * entry): the one source for the Punishments lists, a changed ban, a player action's answer and
 * the player's profile. Two statements, whatever the number of punishments.
 */
export const sentDeliveries = async (
  em: EntityManager,
  commands: CommandsService,
  punishments: readonly Pick<PunishmentRecord, 'id' | 'type'>[],
  now: Date,
): Promise<Map<string, SentDeliveries>> => {
  const sent = await commands.sentFor(
    punishments.map((punishment) => punishment.id),
    now,
  );
  // Every command went to a server of this network: a command never leaves it.
  const names = await serverNames(
    em,
    [...sent.values()].flat().map((command) => command.serverId),
  );
  return new Map(
    punishments.map((punishment) => {
      const own = sent.get(punishment.id);
      const single = punishment.type === 'kick' || punishment.type === 'warn';
      return [
        punishment.id,
        { delivery: single ? deliveryOf(own?.[0]) : null, deliveries: deliveriesOf(own, names) },
      ];
    }),
  );
};
