import { Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { RateLimiter, type RateLimit } from '../../core/rate-limit';
import { parseServerToken, type PluginServer, ServersService, type ServerToken } from '../servers';
import { pluginErrors } from './plugin.errors';
import { PluginClock } from './plugin-clock';
import { SettledRosters } from './settled-rosters';

/** Per server token: a heartbeat every 10 s plus event batches stay far below it. */
export const PLUGIN_RATE_LIMIT = { requests: 120, windowSeconds: 60 } as const;

const PER_SERVER: RateLimit = {
  name: 'plugin-server',
  limit: PLUGIN_RATE_LIMIT.requests,
  windowSeconds: PLUGIN_RATE_LIMIT.windowSeconds,
  refuse: pluginErrors.rateLimited,
};

/**
 * The game server calling: its token, and its server as the guard read it from the database, or
 * null where the route's own statement checks the token (TokenCheckedByStatement).
 */
export type PluginCaller = { token: ServerToken; server: PluginServer | null };
export type PluginRequest = Request & { plugin: PluginCaller };

/** The caller's server, on a route whose guard always reads it. */
export const serverOf = (request: PluginRequest): PluginServer => {
  if (!request.plugin.server) throw pluginErrors.invalidServerToken();
  return request.plugin.server;
};

const TOKEN_CHECKED_BY_STATEMENT = 'outpost:plugin-token-checked-by-statement';

/**
 * A route that lets a caller whose roster settled lately in this process through without reading
 * its server: the route's statement checks the token (token id and hash in its WHERE), and reads
 * the server itself when that statement does not apply. Saves the steady heartbeat a round trip.
 * (A token rotated by another panel process in those few seconds then meets the body's
 * validation before its 401; one rotated here is forgotten at once.)
 */
export const TokenCheckedByStatement = (): MethodDecorator => SetMetadata(TOKEN_CHECKED_BY_STATEMENT, true);

/**
 * Game servers authenticate with their server token (`Authorization: Bearer opsrv_...`); the
 * server it belongs to is the only one the request can act on. Also the per-token rate limit.
 */
@Injectable()
export class PluginAuthGuard implements CanActivate {
  constructor(
    private readonly servers: ServersService,
    private readonly settled: SettledRosters,
    private readonly clock: PluginClock,
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<PluginRequest>();
    request.plugin = await this.callerOf(
      request.get('authorization'),
      this.reflector.get<boolean>(TOKEN_CHECKED_BY_STATEMENT, context.getHandler()) ?? false,
    );
    return true;
  }

  /**
   * The caller an Authorization header names, counted against its server's rate limit; throws
   * (401, 429) as the guard refuses. `checkedByStatement`: the route's statement checks the token
   * (TokenCheckedByStatement).
   */
  async callerOf(authorization: string | undefined, checkedByStatement: boolean): Promise<PluginCaller> {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    const token = match ? parseServerToken(match[1]) : null;
    if (!token) throw pluginErrors.invalidServerToken();
    const settledServerId = checkedByStatement ? this.settled.serverIdOf(token, this.clock.now()) : undefined;
    const server = settledServerId ? null : await this.servers.findByToken(token);
    const serverId = settledServerId ?? server?.id;
    if (!serverId) throw pluginErrors.invalidServerToken();
    // Counted in this process it answers at once; with Redis, one round trip shared by all instances.
    const counting = this.limiter.count(PER_SERVER, serverId);
    if (counting) await counting;
    return { token, server };
  }
}
