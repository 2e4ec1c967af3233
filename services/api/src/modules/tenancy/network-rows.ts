import type { EntityManager, RequiredEntityData } from '@mikro-orm/core';
import { knexIn } from '../../core/database';
import { Network } from './network.entity';

/** The settings of a network that its owner may change. */
export type NetworkChanges = Partial<
  Pick<
    Network,
    | 'name'
    | 'description'
    | 'gradientFrom'
    | 'gradientTo'
    | 'gradientDirection'
    | 'notifyServerOffline'
    | 'notifyNewMembers'
  >
>;

/** A new network in the caller's unit of work (`em`; the caller flushes). */
export const createNetwork = (em: EntityManager, data: RequiredEntityData<Network>): Network =>
  em.create(Network, data);

/** Sets the given settings (an absent one stays as it is); the caller flushes. */
export const changeNetwork = (network: Network, changes: NetworkChanges): void => {
  for (const [key, value] of Object.entries(changes) as [keyof NetworkChanges, never][])
    if (value !== undefined) network[key] = value;
};

/**
 * Deletes the network row; every module's table refers to the network (or to its servers) with a
 * foreign key that cascades, so the database removes what hangs off it in the same statement.
 */
export const deleteNetwork = async (em: EntityManager, networkId: string): Promise<void> => {
  await em.nativeDelete(Network, { id: networkId });
};

/**
 * The network's kept total of players grows by `created`, in the caller's transaction. Every
 * server of the network adds to this one row, so callers do it last: its lock is then held only
 * while their transaction commits.
 */
export const addToPlayerTotal = async (
  em: EntityManager,
  networkId: string,
  created: number,
): Promise<void> => {
  if (created <= 0) return;
  await knexIn(em)('networks').where('id', networkId).increment('player_count', created);
};
