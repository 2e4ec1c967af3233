import type { z } from 'zod';
import { readKey, type GrantedAccess, type LocatorSource, type NetworkLocator } from '../../core/auth';
import { GameServer } from './server.entity';
import { serverErrors } from './servers.errors';

/** A route about a server: the guard reaches its network through it, and hands it on loaded. */
export type ServerAccess = GrantedAccess<GameServer>;

/**
 * The network of the server a route names (`/api/servers/:id/...`, or `{serverId}` in a body
 * parsed with the route's schema). An unknown server and one of a network the caller is not in
 * are the same 404 "Server not found".
 */
export const serverAt = (source: LocatorSource, key: string, schema?: z.ZodType): NetworkLocator => ({
  kind: 'server',
  source,
  key,
  notFound: serverErrors.notFound,
  locate: async (request, em) => {
    const id = readKey(request, source, key, schema);
    const server = id ? await em.findOne(GameServer, { id }) : null;
    return server ? { networkId: server.networkId, subject: server } : null;
  },
});

/** `/api/servers/:id/...`. */
export const serverParam = (key = 'id'): NetworkLocator => serverAt('param', key);
