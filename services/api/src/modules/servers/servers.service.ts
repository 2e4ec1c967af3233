import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type {
  AuditAction,
  CreateServerResponse,
  RotateServerTokenResponse,
  Server,
} from '@outpost/contracts';
import { sanitizeServerName, type CreateServerInput, type UpdateServerInput } from '@outpost/validation';
import type { AuthUser } from '../../core/auth';
import { DomainEvents } from '../../core/events';
import { PreparedStatement, type StoredDate } from '../../core/database';
import { Network } from '../tenancy';
import { hashMatches, issueServerToken, parseServerToken, type ServerToken } from './server-token';
import { toServerDto } from './server-dto';
import { GameServer, type PluginServer } from './server.entity';
import { serverErrors } from './servers.errors';

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
    private readonly events: DomainEvents,
  ) {}

  // The routes' permissions are the AccessGuard's (@RequirePermission): a server reached by id
  // arrives here loaded, from a network the caller may act on.

  async list(networkId: string, manages: boolean): Promise<Server[]> {
    const servers = await this.em.find(
      GameServer,
      { networkId },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    return servers.map((server) => toServerDto(server, manages));
  }

  /** Answers the plugin token this once; only its hash is kept. */
  async create(user: AuthUser, networkId: string, input: CreateServerInput): Promise<CreateServerResponse> {
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
    return { ...toServerDto(server, true), token };
  }

  get(server: GameServer, manages: boolean): Server {
    return toServerDto(server, manages);
  }

  async update(user: AuthUser, server: GameServer, input: UpdateServerInput): Promise<Server> {
    if (input.name !== undefined) server.name = sanitizeServerName(input.name);
    if (input.connectionAddress !== undefined) server.connectionAddress = input.connectionAddress;
    if (input.gradient) {
      server.gradientFrom = input.gradient.from;
      server.gradientTo = input.gradient.to;
      server.gradientDirection = input.gradient.direction;
    }
    await this.em.flush();
    await this.publish(user, 'server.updated', server, { fields: Object.keys(input).sort() });
    return toServerDto(server, true);
  }

  /** Rows that hang off a server (players, commands, ...) go with it through their foreign keys. */
  async delete(user: AuthUser, server: GameServer): Promise<void> {
    await this.em.transactional(async (em) => {
      await em.nativeDelete(GameServer, { id: server.id, networkId: server.networkId });
    });
    await this.publish(user, 'server.deleted', server);
  }

  /** A new token at once; the old one stops matching because its id and hash are replaced. */
  async rotateToken(user: AuthUser, server: GameServer): Promise<RotateServerTokenResponse> {
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

  /** One of the network's servers, or 404 "Server not found" (unknown, deleted, another network's). */
  async inNetwork(networkId: string, serverId: string): Promise<GameServer> {
    const server = await this.em.findOne(GameServer, { id: serverId, networkId });
    if (!server) throw serverErrors.notFound();
    return server;
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
