import { Injectable } from '@nestjs/common';
import { can, LOG_TYPES, type LogsResponse, type LogType, type Role } from '@outpost/contracts';
import type { NetworkLogsQueryInput, ServerLogsQueryInput } from '@outpost/validation';
import type { GrantedAccess } from '../../core/auth';
import { type ServerAccess, ServersService } from '../servers';
import { LogEntriesQuery, type LogFilters } from './log-entries';

/**
 * The kinds of line `role` may read, of those asked for (all when none): console lines only with
 * console.read. Null when nothing is left, so the page is empty without a query.
 */
export const readableTypes = (
  role: Role,
  asked: readonly LogType[] | undefined,
): LogType[] | undefined | null => {
  if (can(role, 'console.read')) return asked ? [...asked] : undefined;
  const types = (asked ?? LOG_TYPES).filter((type) => type !== 'console');
  return types.length > 0 ? types : null;
};

/**
 * The Logs timeline of a server, or of a whole network: every member reads it (network.view);
 * the IP of a connect line only members with players.viewIp, console lines only those with
 * console.read. The routes' AccessGuard finds the
 * network (through the server on a server's route) and the caller's role there.
 */
@Injectable()
export class LogsService {
  constructor(
    private readonly servers: ServersService,
    private readonly entries: LogEntriesQuery,
  ) {}

  ofServer({ subject: server, role }: ServerAccess, query: ServerLogsQueryInput): Promise<LogsResponse> {
    return this.page({ networkId: server.networkId, serverId: server.id }, query, role);
  }

  /**
   * All the network's servers, or the one `serverId` names. A serverId that is not one of this
   * network's servers (unknown, deleted, another network's) is a 404 "Server not found", as on
   * the server's own route: a stale filter says so instead of showing an empty timeline.
   */
  async ofNetwork({ networkId, role }: GrantedAccess, query: NetworkLogsQueryInput): Promise<LogsResponse> {
    const { serverId, ...filters } = query;
    if (serverId) await this.servers.inNetwork(networkId, serverId);
    return this.page({ networkId, serverId }, filters, role);
  }

  private page(
    scope: { networkId: string; serverId?: string },
    filters: LogFilters,
    role: Role,
  ): Promise<LogsResponse> {
    const types = readableTypes(role, filters.types);
    if (types === null) return Promise.resolve({ entries: [], nextCursor: null });
    return this.entries.page(scope, { ...filters, types }, can(role, 'players.viewIp'));
  }
}
