import { Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { parseServerToken, type PluginServer, ServersService, type ServerToken } from '../servers';
import { pluginErrors } from './plugin.errors';
import { PluginClock } from './plugin-clock';
import { SettledRosters } from './settled-rosters';

/** Per server token: a heartbeat every 10 s plus event batches stay far below it. */
export const PLUGIN_RATE_LIMIT = { requests: 120, windowSeconds: 60 } as const;

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

type Window = { startedAt: number; count: number };

/**
 * Game servers authenticate with their server token (`Authorization: Bearer opsrv_...`); the
 * server it belongs to is the only one the request can act on. Also the per-token rate limit.
 */
@Injectable()
export class PluginAuthGuard implements CanActivate {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly servers: ServersService,
    private readonly settled: SettledRosters,
    private readonly clock: PluginClock,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<PluginRequest>();
    const match = /^Bearer\s+(\S+)$/i.exec(request.get('authorization') ?? '');
    const token = match ? parseServerToken(match[1]) : null;
    if (!token) throw pluginErrors.invalidServerToken();
    const now = this.clock.now();
    const settledServerId = this.reflector.get<boolean>(TOKEN_CHECKED_BY_STATEMENT, context.getHandler())
      ? this.settled.serverIdOf(token, now)
      : undefined;
    const server = settledServerId ? null : await this.servers.findByToken(token);
    const serverId = settledServerId ?? server?.id;
    if (!serverId) throw pluginErrors.invalidServerToken();
    this.count(serverId, now.getTime());
    request.plugin = { token, server };
    return true;
  }

  private count(serverId: string, now: number): void {
    const windowMs = PLUGIN_RATE_LIMIT.windowSeconds * 1000;
    let window = this.windows.get(serverId);
    if (!window || now - window.startedAt >= windowMs) {
      if (this.windows.size > 10_000) this.windows.clear();
      window = { startedAt: now, count: 0 };
      this.windows.set(serverId, window);
    }
    window.count += 1;
    if (window.count > PLUGIN_RATE_LIMIT.requests) {
      const retryAfterSeconds = Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000));
      throw pluginErrors.rateLimited({ retryAfterSeconds });
    }
  }
}
