import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { PutRconResponse, RconStatus } from '@outpost/contracts';
import type { PutRconInput } from '@outpost/validation';
import type { AuthUser } from '../../core/auth';
import { SecretBox } from '../../core/secrets';
import { ServersService } from '../servers/servers.service';
import { RconConnections } from './rcon-connections';
import { rconNotSet } from './rcon.errors';
import { ServerRcon } from './server-rcon.entity';

const statusOf = (row: ServerRcon): RconStatus => ({
  host: row.host,
  port: row.port,
  state: row.state,
  lastError: row.lastError,
  connectedAt: row.connectedAt?.toISOString() ?? null,
});

/** A server's RCON settings: managers (owner, admin) only; the password never leaves sealed. */
@Injectable()
export class RconService {
  constructor(
    private readonly em: EntityManager,
    private readonly servers: ServersService,
    private readonly box: SecretBox,
    private readonly connections: RconConnections,
  ) {}

  async get(user: AuthUser, serverId: string): Promise<RconStatus> {
    await this.servers.load(user, serverId, 'manage');
    const row = await this.em.findOne(ServerRcon, { serverId });
    if (!row) throw rconNotSet();
    return statusOf(row);
  }

  /** Saves (or replaces) the settings and (re)connects; the answer's state is `connecting`. */
  async put(user: AuthUser, serverId: string, input: PutRconInput): Promise<PutRconResponse> {
    const { server } = await this.servers.load(user, serverId, 'manage');
    const passwordSealed = this.box.seal(input.password, serverId);
    const fresh = { host: input.host, port: input.port, passwordSealed, state: 'connecting' as const };
    const row = await this.em.findOne(ServerRcon, { serverId });
    if (row) Object.assign(row, fresh, { revision: row.revision + 1, lastError: null, connectedAt: null });
    else this.em.create(ServerRcon, { serverId, ...fresh });
    await this.em.flush();
    await this.servers.publish(user, 'server.rconSet', server);
    await this.connections.apply(serverId);
    return { host: input.host, port: input.port, state: 'connecting' };
  }

  async remove(user: AuthUser, serverId: string): Promise<void> {
    const { server } = await this.servers.load(user, serverId, 'manage');
    const removed = await this.em.nativeDelete(ServerRcon, { serverId });
    if (removed === 0) throw rconNotSet();
    await this.connections.stop(serverId);
    await this.servers.publish(user, 'server.rconRemoved', server);
  }
}
