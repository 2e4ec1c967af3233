import type { EntityManager } from '@mikro-orm/core';
import { GameServer } from './server.entity';
import { issueServerToken } from './server-token';

/** A server a network must have, by name. */
export type ProvisionedServer = { name: string; connectionAddress: string };

/**
 * The network has a server of each name (added when missing, a millisecond apart in the given
 * order: the panel lists servers by creation time), each under a new plugin token that this
 * answers once, in order; the old tokens stop working. In the caller's unit of work (`em`; the
 * caller flushes). The demo's servers are kept this way.
 */
export const provisionServers = async (
  em: EntityManager,
  networkId: string,
  wanted: readonly ProvisionedServer[],
  now = Date.now(),
): Promise<string[]> => {
  const existing = await em.find(GameServer, { networkId });
  return wanted.map((spec, index) => {
    const { token, tokenId, tokenHash } = issueServerToken();
    const server = existing.find((row) => row.name === spec.name);
    if (server) {
      server.tokenId = tokenId;
      server.tokenHash = tokenHash;
    } else
      em.create(GameServer, {
        networkId,
        name: spec.name,
        connectionAddress: spec.connectionAddress,
        tokenId,
        tokenHash,
        createdAt: new Date(now + index),
      });
    return token;
  });
};
