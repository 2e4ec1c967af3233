import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type {
  AuditAction,
  CreateServerResponse,
  Permission,
  RotateServerTokenResponse,
  Server,
} from '@outpost/contracts';
import { sanitizeServerName, type CreateServerInput, type UpdateServerInput } from '@outpost/validation';
import { AccessService } from '../../core/access';
import type { AuthUser } from '../../core/auth';
import { DomainEvents } from '../../core/events';
import { PreparedStatement, type StoredDate } from '../../core/database/prepared-statement';
import { DomainError } from '../../core/http';
import { Network } from '../networks/network.entity';
import { hashMatches, issueServerToken, parseServerToken, type ServerToken } from './server-token';
import { toServerDto } from './server-dto';
import { GameServer, type PluginServer } from './server.entity';

export const SERVER_NOT_FOUND_MESSAGE = 'Server not found';

/** What a caller needs to do with a server reached by id, and the permission that takes. */
const PERMISSION_FOR = {
  view: 'network.view',
  manage: 'servers.manage',
  console: 'console.run',
  consoleOutput: 'console.read',
} as const satisfies Record<string, Permission>;

type TokenRow = {
  id: string;
  network_id: string;
  status: GameServer['status'];
  map: string | null;
  actual_name: string | null;
  uptime: number;
  last_seen_at: StoredDate | null;
  token_hash: string;
};

/** Every plugin request starts here. */
const SERVER_BY_TOKEN = new PreparedStatement<TokenRow>(
  'select id, network_id, status, map, actual_name, uptime, last_seen_at, token_hash from servers where token_id = ?',
);

@Injectable()
export class ServersService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: AccessService,
    private readonly events: DomainEvents,
  ) {}

  async list(user: AuthUser, networkId: string): Promise<Server[]> {
    await this.access.require(user, 'network.view', networkId);
    const servers = await this.em.find(
      GameServer,
      { networkId },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    return servers.map(toServerDto);
  }

  /** Answers the plugin token this once; only its hash is kept. */
  async create(user: AuthUser, networkId: string, input: CreateServerInput): Promise<CreateServerResponse> {
    await this.access.require(user, 'servers.manage', networkId);
    const { token, tokenId, tokenHash } = issueServerToken();
    const server = this.em.create(GameServer, {
      networkId,
      name: sanitizeServerName(input.name),
      connectionAddress: input.connectionAddress ?? '',
      tokenId,
      tokenHash,
    });
    await this.em.flush();
    await this.publish(user, 'server.added', server);
    return { ...toServerDto(server), token };
  }

  async get(user: AuthUser, serverId: string): Promise<Server> {
    const { server } = await this.load(user, serverId, 'view');
    return toServerDto(server);
  }

  async update(user: AuthUser, serverId: string, input: UpdateServerInput): Promise<Server> {
    const { server } = await this.load(user, serverId, 'manage');
    if (input.name !== undefined) server.name = sanitizeServerName(input.name);
    if (input.connectionAddress !== undefined) server.connectionAddress = input.connectionAddress;
    if (input.gradient) {
      server.gradientFrom = input.gradient.from;
      server.gradientTo = input.gradient.to;
      server.gradientDirection = input.gradient.direction;
    }
    await this.em.flush();
    await this.publish(user, 'server.updated', server, { fields: Object.keys(input).sort() });
    return toServerDto(server);
  }

  /** Rows that hang off a server (players, commands, ...) go with it through their foreign keys. */
  async delete(user: AuthUser, serverId: string): Promise<void> {
    const { server } = await this.load(user, serverId, 'manage');
    await this.em.transactional(async (em) => {
      await em.nativeDelete(GameServer, { id: server.id, networkId: server.networkId });
    });
    await this.publish(user, 'server.deleted', server);
  }

  /** A new token at once; the old one stops matching because its id and hash are replaced. */
  async rotateToken(user: AuthUser, serverId: string): Promise<RotateServerTokenResponse> {
    const { server } = await this.load(user, serverId, 'manage');
    const { token, tokenId, tokenHash } = issueServerToken();
    server.tokenId = tokenId;
    server.tokenHash = tokenHash;
    await this.em.flush();
    await this.publish(user, 'server.tokenRotated', server);
    return { id: server.id, token };
  }

  /** The server a plugin token belongs to, or null (unknown, malformed or rotated token). */
  async findByToken(token: string | ServerToken): Promise<PluginServer | null> {
    const parsed = typeof token === 'string' ? parseServerToken(token) : token;
    if (!parsed) return null;
    const [row] = await SERVER_BY_TOKEN.rows(this.em, [parsed.tokenId]);
    if (!row || !hashMatches(parsed.secretHash, row.token_hash)) return null;
    return {
      id: row.id,
      networkId: row.network_id,
      status: row.status,
      map: row.map,
      actualName: row.actual_name,
      uptime: Number(row.uptime),
      lastSeenAt: row.last_seen_at === null ? null : new Date(row.last_seen_at),
    };
  }

  /**
   * A server reached by id: a non-member gets the same 404 as for an unknown id, a member without
   * the permission 403. Also for the modules that hang settings or screens off a server (rcon,
   * console).
   */
  async load(user: AuthUser, serverId: string, need: keyof typeof PERMISSION_FOR) {
    const server = await this.em.findOne(GameServer, { id: serverId });
    if (!server) throw new DomainError('NOT_FOUND', SERVER_NOT_FOUND_MESSAGE);
    const access = await this.access.require(
      user,
      PERMISSION_FOR[need],
      server.networkId,
      SERVER_NOT_FOUND_MESSAGE,
    );
    return { server, access };
  }

  /** A change to the server, as a domain event (audit log). */
  async publish(
    user: AuthUser,
    action: AuditAction,
    server: GameServer,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    const network = await this.em.findOneOrFail(Network, { id: server.networkId });
    await this.events.publish(user, {
      action,
      networkId: network.id,
      networkName: network.name,
      target: { type: 'server', id: server.id, name: server.name },
      details,
    });
  }
}
