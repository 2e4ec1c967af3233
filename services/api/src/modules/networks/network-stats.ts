import type { EntityManager } from '@mikro-orm/core';
import type { Network as NetworkDto, Plan, Role } from '@outpost/contracts';
import { sqlEm } from '../../core/database';
import { NetworkMember } from '../members';
import { GameServer } from '../servers';
import type { Network } from '../tenancy';

type Counts = ReadonlyMap<string, number>;

const countByNetwork = async (em: EntityManager, table: string, networkIds: string[]): Promise<Counts> => {
  if (networkIds.length === 0) return new Map();
  const rows = (await sqlEm(em)
    .getKnex()(table)
    .select('network_id')
    .count({ count: '*' })
    .whereIn('network_id', networkIds)
    .groupBy('network_id')) as { network_id: string; count: string | number }[];
  return new Map(rows.map((row) => [row.network_id, Number(row.count)]));
};

export type NetworkCounts = { servers: Counts; members: Counts };

/** Server and member counts of many networks in two grouped queries. */
export const countNetworks = async (em: EntityManager, networkIds: string[]): Promise<NetworkCounts> => {
  const tableOf = (entity: { name: string }) => em.getMetadata().get(entity.name).tableName;
  const [servers, members] = await Promise.all([
    countByNetwork(em, tableOf(GameServer), networkIds),
    countByNetwork(em, tableOf(NetworkMember), networkIds),
  ]);
  return { servers, members };
};

/** `plan`: what the network gets (NetworkPlans: its owner's plan, or premium with PLANS=off). */
export const toNetworkDto = (
  network: Network,
  role: Role,
  counts: NetworkCounts,
  plan: Plan,
): NetworkDto => ({
  id: network.id,
  name: network.name,
  description: network.description,
  gradient: { from: network.gradientFrom, to: network.gradientTo, direction: network.gradientDirection },
  role,
  serverCount: counts.servers.get(network.id) ?? 0,
  memberCount: counts.members.get(network.id) ?? 0,
  createdAt: network.createdAt.toISOString(),
  notifications: { serverOffline: network.notifyServerOffline, newMembers: network.notifyNewMembers },
  plan,
});
