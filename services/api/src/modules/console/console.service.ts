import { Injectable } from '@nestjs/common';
import {
  CONSOLE_COMMANDS_PER_MINUTE,
  type ConsoleEntry,
  type ConsoleResponse,
  type RunConsoleCommandResponse,
} from '@outpost/contracts';
import type { ConsoleQueryInput } from '@outpost/validation';
import type { AuthUser } from '../../core/auth';
import { actorOf } from '../../core/events';
import { RateLimiter, type RateLimit } from '../../core/rate-limit';
import { CommandsService, ConsoleHistoryQuery } from '../commands';
import { ServerEventsQuery } from '../logs';
import { type GameServer, ServersService } from '../servers';
import { consoleErrors } from './console.errors';

/** Per user, across servers (a script typing into several consoles counts once). */
export const CONSOLE_RATE_LIMIT: RateLimit = {
  name: 'console-command-user',
  limit: CONSOLE_COMMANDS_PER_MINUTE,
  windowSeconds: 60,
  refuse: consoleErrors.rateLimited,
};

/**
 * A server's console: commands typed in the panel (queued as `console` commands, their output
 * arriving with the plugin's result) and the lines the server printed by itself (its `console`
 * events). Reading needs `console.read` (owners, admins, moderators): the output can show
 * anything the server knows; typing needs `console.run` (owners and admins). The routes'
 * AccessGuard checks both and hands the server over loaded.
 */
@Injectable()
export class ConsoleService {
  constructor(
    private readonly servers: ServersService,
    private readonly commands: CommandsService,
    private readonly history: ConsoleHistoryQuery,
    private readonly serverEvents: ServerEventsQuery,
    private readonly limiter: RateLimiter,
  ) {}

  /** Queues the command for the server (its long-poll answers at once) and writes the audit entry. */
  async run(user: AuthUser, server: GameServer, command: string): Promise<RunConsoleCommandResponse> {
    await this.limiter.hit(CONSOLE_RATE_LIMIT, user.id);
    const issuedBy = actorOf(user);
    const queued = await this.commands.send({
      networkId: server.networkId,
      serverId: server.id,
      type: 'console',
      payload: { command },
      issuedBy,
      createdAt: new Date(),
    });
    await this.servers.publish(user, 'server.consoleCommandRun', server, { command, commandId: queued.id });
    return { id: queued.id };
  }

  /**
   * Newest first: up to `limit` entries older than `before` (now when absent), commands and lines
   * together. Entries of the very same millisecond as `before` are on the next page's side only
   * if older, so a page boundary inside one millisecond can skip an entry (rare; a line's time is
   * the game server's).
   */
  async list(server: GameServer, query: ConsoleQueryInput): Promise<ConsoleResponse> {
    const before = query.before ? new Date(query.before) : undefined;
    const [commands, lines] = await Promise.all([
      this.history.commandsOf(server.id, before, query.limit + 1),
      this.serverEvents.consoleLinesOf(server.id, before, query.limit + 1),
    ]);
    const entries: ConsoleEntry[] = [...commands, ...lines].sort(
      (a, b) => Date.parse(b.at) - Date.parse(a.at),
    );
    return { entries: entries.slice(0, query.limit), hasMore: entries.length > query.limit };
  }
}
