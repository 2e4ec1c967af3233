import type { EntityManager } from '@mikro-orm/core';
import { PlayerRecord } from './player.entity';

/** A player another source names (a server's own ban list, say): the Steam ID and the name it gives. */
export type NamedPlayer = { steamId: string; name?: string | null };

/**
 * The network's players of these Steam IDs, adding those it never saw, named as given (the Steam
 * ID when no name is), first and last seen `now`. In the caller's transaction (`em`); flushed, so
 * other rows may refer to the new players. `created` is how many were added: the caller adds it to
 * the network's kept total (tenancy's addToPlayerTotal) last in its transaction.
 */
export const knownPlayers = async (
  em: EntityManager,
  networkId: string,
  named: readonly NamedPlayer[],
  now: Date,
): Promise<{ bySteamId: Map<string, PlayerRecord>; created: number }> => {
  const players = await em.find(PlayerRecord, {
    networkId,
    steamId: { $in: named.map((entry) => entry.steamId) },
  });
  const bySteamId = new Map(players.map((player) => [player.steamId, player]));
  let created = 0;
  for (const entry of named) {
    if (bySteamId.has(entry.steamId)) continue;
    created += 1;
    bySteamId.set(
      entry.steamId,
      em.create(PlayerRecord, {
        networkId,
        steamId: entry.steamId,
        displayName: (entry.name ?? entry.steamId).slice(0, 100),
        firstJoined: now,
        lastSeen: now,
      }),
    );
  }
  await em.flush();
  return { bySteamId, created };
};
