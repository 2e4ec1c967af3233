import type { EntityManager } from '@mikro-orm/core';
import { PlayerRecord, PlayerSession } from './player.entity';

/** A player on a server now, as the panel last heard: since when (their open session there). */
export type OnlinePlayer = {
  serverId: string;
  steamId: string;
  name: string;
  ip: string | null;
  groups: string[];
  joinedAt: Date;
};

/** Who is on these servers now, each with the start of their open session there. */
export const playersOnline = async (
  em: EntityManager,
  serverIds: readonly string[],
): Promise<OnlinePlayer[]> => {
  if (serverIds.length === 0) return [];
  const players = await em.find(PlayerRecord, { currentServerId: { $in: [...serverIds] } });
  if (players.length === 0) return [];
  const sessions = await em.find(PlayerSession, {
    serverId: { $in: [...serverIds] },
    playerId: { $in: players.map((player) => player.id) },
    leftAt: null,
  });
  const since = new Map(
    sessions.map((session) => [`${session.playerId}|${session.serverId}`, session.joinedAt]),
  );
  return players.flatMap((player) => {
    const joinedAt = player.currentServerId && since.get(`${player.id}|${player.currentServerId}`);
    if (!player.currentServerId || !joinedAt) return [];
    return [
      {
        serverId: player.currentServerId,
        steamId: player.steamId,
        name: player.displayName,
        ip: player.lastIp,
        groups: player.groups,
        joinedAt,
      },
    ];
  });
};
