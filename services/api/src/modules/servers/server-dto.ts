import { statusGradient, type Gradient, type Server } from '@outpost/contracts';
import { banCheckPathOf, reportsKeyOf, reportsPathOf } from './ban-check';
import { toServerAgent } from './server-agents';
import type { GameServer } from './server.entity';

/**
 * The server as clients see it; the token's id and hash never leave the API. The ban-check URL,
 * the reports URL and its key (signed URLs: anyone holding one may read bans or post reports) go
 * only to those who manage servers (`manages`), never to the demo user; so does the agent it
 * reports through, with the address it reports from.
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
    ...(manages
      ? {
          banCheckPath: banCheckPathOf(server),
          reportsPath: reportsPathOf(server),
          reportsKey: reportsKeyOf(server),
          agent: toServerAgent(server),
        }
      : {}),
  };
};
