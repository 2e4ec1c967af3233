import type { EntityManager } from '@mikro-orm/core';
import type { SimulationResume } from '@outpost/simulation';
import { playersOnline } from '../players';
import { GameServer } from '../servers';

/**
 * Where each demo server's simulation goes on from, by server name: what the panel stored of it.
 * It started (its last report's time less the uptime it reported) and keeps that uptime; who was
 * on it stays, since their sessions' start. A server that never reported starts afresh.
 */
export const resumesOf = async (
  em: EntityManager,
  networkId: string,
): Promise<Map<string, SimulationResume>> => {
  const servers = await em.find(GameServer, { networkId });
  const online = await playersOnline(
    em,
    servers.map((server) => server.id),
  );
  const resumes = new Map<string, SimulationResume>();
  for (const server of servers) {
    if (!server.lastSeenAt || !(server.uptime > 0)) continue;
    resumes.set(server.name, {
      startedAt: server.lastSeenAt.getTime() - server.uptime * 1000,
      online: online
        .filter((player) => player.serverId === server.id)
        .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.steamId.localeCompare(b.steamId))
        .map(({ steamId, name, ip, groups, joinedAt }) => ({
          steamId,
          name,
          ip,
          groups,
          joinedAt: joinedAt.getTime(),
        })),
    });
  }
  return resumes;
};
