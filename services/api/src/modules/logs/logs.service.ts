import { Injectable } from '@nestjs/common';
import { can, type LogsResponse } from '@outpost/contracts';
import type { NetworkLogsQueryInput, ServerLogsQueryInput } from '@outpost/validation';
import { AccessService } from '../../core/access';
import type { AuthUser } from '../../core/auth';
import { DomainError } from '../../core/http';
import { SERVER_NOT_FOUND_MESSAGE, ServersService } from '../servers/servers.service';
import { LogEntriesQuery } from './log-entries';

/**
 * The Logs timeline of a server, or of a whole network: every member reads it (network.view);
 * the IP of a connect line only members with players.viewIp.
 */
@Injectable()
export class LogsService {
  constructor(
    private readonly access: AccessService,
    private readonly servers: ServersService,
    private readonly entries: LogEntriesQuery,
  ) {}

  async ofServer(user: AuthUser, serverId: string, query: ServerLogsQueryInput): Promise<LogsResponse> {
    const { server, access } = await this.servers.load(user, serverId, 'view');
    return this.entries.page(
      { networkId: server.networkId, serverId: server.id },
      query,
      can(access.role, 'players.viewIp'),
    );
  }

  /**
   * All the network's servers, or the one `serverId` names. A serverId that is not one of this
   * network's servers (unknown, deleted, another network's) is a 404 "Server not found", as on
   * the server's own route: a stale filter says so instead of showing an empty timeline.
   */
  async ofNetwork(user: AuthUser, networkId: string, query: NetworkLogsQueryInput): Promise<LogsResponse> {
    const access = await this.access.require(user, 'network.view', networkId);
    const { serverId, ...filters } = query;
    if (serverId) {
      const { server } = await this.servers.load(user, serverId, 'view');
      if (server.networkId !== networkId) throw new DomainError('NOT_FOUND', SERVER_NOT_FOUND_MESSAGE);
    }
    return this.entries.page({ networkId, serverId }, filters, can(access.role, 'players.viewIp'));
  }
}
