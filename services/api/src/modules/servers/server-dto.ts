import { statusGradient, type Gradient, type Server } from '@outpost/contracts';
import { banCheckPathOf, reportsKeyOf, reportsPathOf } from './ban-check';
import type { GameServer } from './server.entity';

/**
 * The server as clients see it; the token's id and hash never leave the API. The reports URL and
 * its key (which let anyone post reports) go only to those who manage servers (`manages`).
 */
export const toServerDto = (server: GameServer, manages = false): Server => {
  const gradient: Gradient =
    server.gradientFrom && server.gradientTo && server.gradientDirection
      ? { from: server.gradientFrom, to: server.gradientTo, direction: server.gradientDirection }
      : statusGradient(server.status);
  return {
    id: server.id,
    networkId: server.networkId,
    name: server.name,
    actualName: server.actualName,
    status: server.status,
    address: server.connectionAddress,
    connectionAddress: server.connectionAddress,
    playerCount: server.playerCount,
    maxPlayers: server.maxPlayers,
    map: server.map,
    uptime: server.uptime,
    gradient,
    lastSeenAt: server.lastSeenAt?.toISOString() ?? null,
    createdAt: server.createdAt.toISOString(),
    banCheckPath: banCheckPathOf(server),
    ...(manages ? { reportsPath: reportsPathOf(server), reportsKey: reportsKeyOf(server) } : {}),
  };
};
