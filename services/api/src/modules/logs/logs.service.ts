import { Injectable } from '@nestjs/common';
import { can, type LogsResponse } from '@outpost/contracts';
import type { NetworkLogsQueryInput, ServerLogsQueryInput } from '@outpost/validation';
import type { GrantedAccess } from '../../core/auth';
import { type ServerAccess, ServersService } from '../servers';
import { LogEntriesQuery } from './log-entries';

/**
 * The Logs timeline of a server, or of a whole network: every member reads it (network.view);
 * the IP of a connect line only members with players.viewIp. The routes' AccessGuard finds the
 * network (through the server on a server's route) and the caller's role there.
 */
@Injectable()
export class LogsService {
  constructor(
    private readonly servers: ServersService,
    private readonly entries: LogEntriesQuery,
  ) {}

  ofServer({ subject: server, role }: ServerAccess, query: ServerLogsQueryInput): Promise<LogsResponse> {
    return this.entries.page(
      { networkId: server.networkId, serverId: server.id },
      query,
      can(role, 'players.viewIp'),
    );
  }

  /**
   * All the network's servers, or the one `serverId` names. A serverId that is not one of this
   * network's servers (unknown, deleted, another network's) is a 404 "Server not found", as on
   * the server's own route: a stale filter says so instead of showing an empty timeline.
   */
  async ofNetwork({ networkId, role }: GrantedAccess, query: NetworkLogsQueryInput): Promise<LogsResponse> {
    const { serverId, ...filters } = query;
    if (serverId) await this.servers.inNetwork(networkId, serverId);
    return this.entries.page({ networkId, serverId }, filters, can(role, 'players.viewIp'));
  }
}
