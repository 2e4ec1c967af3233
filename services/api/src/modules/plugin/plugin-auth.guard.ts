import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { DomainError } from '../../core/http';
import type { PluginServer } from '../servers/server.entity';
import { ServersService } from '../servers/servers.service';
import { PluginClock } from './plugin-clock';

export const INVALID_SERVER_TOKEN_MESSAGE = 'Missing or invalid server token';
export const PLUGIN_RATE_LIMITED_MESSAGE = 'Too many requests from this server';
/** Per server token: a heartbeat every 10 s plus event batches stay far below it. */
export const PLUGIN_RATE_LIMIT = { requests: 120, windowSeconds: 60 } as const;

export type PluginRequest = Request & { gameServer: PluginServer };

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
    private readonly clock: PluginClock,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<PluginRequest>();
    const match = /^Bearer\s+(\S+)$/i.exec(request.get('authorization') ?? '');
    const server = match ? await this.servers.findByToken(match[1]) : null;
    if (!server) throw new DomainError('UNAUTHORIZED', INVALID_SERVER_TOKEN_MESSAGE);
    this.count(server.id);
    request.gameServer = server;
    return true;
  }

  private count(serverId: string): void {
    const now = this.clock.now().getTime();
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
      throw new DomainError('RATE_LIMITED', PLUGIN_RATE_LIMITED_MESSAGE, { retryAfterSeconds });
    }
  }
}
