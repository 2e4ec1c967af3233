import type { EntityManager } from '@mikro-orm/core';
import { PlayerRecord, PlayerSession } from './player.entity';

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

/**
 * Those of these players whose first session on the network is the one open now (a join is their
 * first time here): exactly one session, so one who left and came back is returning.
 */
export const firstTimers = async (
  em: EntityManager,
  networkId: string,
  steamIds: readonly string[],
): Promise<Set<string>> => {
  if (steamIds.length === 0) return new Set();
  const players = await em.find(
    PlayerRecord,
    { networkId, steamId: { $in: [...steamIds] } },
    { fields: ['id', 'steamId'] },
  );
  const sessions = await em.find(
    PlayerSession,
    { networkId, playerId: { $in: players.map((player) => player.id) } },
    { fields: ['playerId'] },
  );
  const count = new Map<string, number>();
  for (const session of sessions) count.set(session.playerId, (count.get(session.playerId) ?? 0) + 1);
  return new Set(players.filter((player) => count.get(player.id) === 1).map((player) => player.steamId));
};
