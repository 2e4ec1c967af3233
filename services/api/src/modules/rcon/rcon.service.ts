import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { PutRconResponse, RconStatus } from '@outpost/contracts';
import type { PutRconInput } from '@outpost/validation';
import type { AuthUser } from '../../core/auth';
import { sqlEm } from '../../core/database';
import { EgressPolicy } from '../../core/egress';
import { RateLimiter, type RateLimit } from '../../core/rate-limit';
import { SecretBox } from '../../core/secrets';
import { type GameServer, ServersService } from '../servers';
import { RconConnections } from './rcon-connections';
import { RCON_SETTINGS_PER_WINDOW, RCON_SETTINGS_WINDOW_MINUTES, rconErrors } from './rcon.errors';
import { ServerRcon } from './server-rcon.entity';

/**
 * Per user, across servers: each save makes the panel dial the address typed, so the limit also
 * keeps the panel from being walked across a network one address after another.
 */
export const RCON_SETTINGS_RATE_LIMIT: RateLimit = {
  name: 'rcon-settings-user',
  limit: RCON_SETTINGS_PER_WINDOW,
  windowSeconds: RCON_SETTINGS_WINDOW_MINUTES * 60,
  refuse: rconErrors.rateLimited,
};

const statusOf = (row: ServerRcon): RconStatus => ({
  host: row.host,
  port: row.port,
  state: row.state,
  lastError: row.lastError,
  connectedAt: row.connectedAt?.toISOString() ?? null,
  refusedAt: row.refusedAt?.toISOString() ?? null,
});

/** A server's RCON settings: managers (owner, admin) only; the password never leaves sealed. */
@Injectable()
export class RconService {
  constructor(
    private readonly em: EntityManager,
    private readonly servers: ServersService,
    private readonly box: SecretBox,
    private readonly connections: RconConnections,
    private readonly limiter: RateLimiter,
    private readonly egress: EgressPolicy,
  ) {}

  /** Null while none is set: a normal state of a server, not a missing resource. */
  async get(serverId: string): Promise<RconStatus | null> {
    const row = await this.em.findOne(ServerRcon, { serverId });
    return row ? statusOf(row) : null;
  }

  /** Saves (or replaces) the settings and (re)connects; the answer's state is `connecting`. */
  async put(user: AuthUser, server: GameServer, input: PutRconInput): Promise<PutRconResponse> {
    await this.limiter.hit(RCON_SETTINGS_RATE_LIMIT, user.id);
    // An address as typed; a name is checked on what it resolves to, each time it is dialled.
    this.egress.check(input.host);
    const serverId = server.id;
    const passwordSealed = this.box.seal(input.password, serverId);
    // One upsert: two first saves at once both succeed (the later wins), and the revision that
    // tells a replaced connection's late state reports apart grows in the statement itself.
    const knex = sqlEm(this.em).getKnex();
    const now = this.em.getPlatform().processDateProperty(new Date()) as Date | number;
    const fresh = {
      host: input.host,
      port: input.port,
      password_sealed: passwordSealed,
      state: 'connecting',
      state_since: now,
      last_error: null,
      connected_at: null,
      // New settings are dialled at once, whatever the old ones met.
      refused_at: null,
      updated_at: now,
    };
    await knex('server_rcon')
      .insert({ server_id: serverId, revision: 1, created_at: now, ...fresh })
      .onConflict('server_id')
      .merge({ ...fresh, revision: knex.raw('server_rcon.revision + 1') });
    await this.servers.publish(user, 'server.rconSet', server);
    await this.connections.apply(serverId);
    return { host: input.host, port: input.port, state: 'connecting' };
  }

  /**
   * Try again: the connection dials now instead of at the end of its wait (10 minutes after a
   * refused password), wherever it is held. Counted with the saves (each makes the panel dial).
   * A connected one is left as it is. Answers the state: connecting, or connected.
   */
  async retry(user: AuthUser, server: GameServer): Promise<RconStatus> {
    const serverId = server.id;
    const row = await this.em.findOne(ServerRcon, { serverId });
    if (!row) throw rconErrors.notSet();
    if (row.state === 'connected') return statusOf(row);
    await this.limiter.hit(RCON_SETTINGS_RATE_LIMIT, user.id);
    const knex = sqlEm(this.em).getKnex();
    const now = this.em.getPlatform().processDateProperty(new Date()) as Date | number;
    // The refusal goes with it, so a connection started anew (a restart, a take-over) dials at
    // once too; the holder sees `retries` grow and dials.
    await knex('server_rcon')
      .where({ server_id: serverId })
      .whereNot({ state: 'connected' })
      .update({
        state: 'connecting',
        state_since: now,
        last_error: null,
        refused_at: null,
        retries: knex.raw('retries + 1'),
        updated_at: now,
      });
    await this.servers.publish(user, 'server.rconRetried', server);
    await this.connections.retry(serverId);
    const after = await this.em.fork().findOne(ServerRcon, { serverId });
    if (!after) throw rconErrors.notSet();
    return statusOf(after);
  }

  async remove(user: AuthUser, server: GameServer): Promise<void> {
    const serverId = server.id;
    const removed = await this.em.nativeDelete(ServerRcon, { serverId });
    if (removed === 0) throw rconErrors.notSet();
    await this.connections.stop(serverId);
    await this.servers.publish(user, 'server.rconRemoved', server);
  }
}
