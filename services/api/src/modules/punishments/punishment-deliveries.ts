import type { EntityManager } from '@mikro-orm/core';
import type { CommandItem } from '@outpost/contracts';
import type { CommandsService } from '../commands';
import { GameServer } from '../servers';
import { deliveriesOf, deliveryOf, type SentDeliveries } from './punishment-dto';
import type { PunishmentRecord } from './punishment.entity';

/** The names of the servers these commands went to (all of the network: a command never leaves it). */
const serverNamesOf = async (
  em: EntityManager,
  networkId: string,
  commands: readonly CommandItem[],
): Promise<Map<string, string>> => {
  const ids = [...new Set(commands.map((command) => command.serverId))];
  if (ids.length === 0) return new Map();
  const servers = await em.find(GameServer, { networkId, id: { $in: ids } }, { fields: ['id', 'name'] });
  return new Map(servers.map((server) => [server.id, server.name]));
};

/**
 * The deliveries of these punishments of one network at `now`, by id (every one given has an
 * entry): the one source for the Punishments lists, a changed ban, a player action's answer and
 * the player's profile. Two statements, whatever the number of punishments.
 */
export const sentDeliveries = async (
  em: EntityManager,
  commands: CommandsService,
  networkId: string,
  punishments: readonly Pick<PunishmentRecord, 'id' | 'type'>[],
  now: Date,
): Promise<Map<string, SentDeliveries>> => {
  const sent = await commands.sentFor(
    punishments.map((punishment) => punishment.id),
    now,
  );
  const names = await serverNamesOf(em, networkId, [...sent.values()].flat());
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
