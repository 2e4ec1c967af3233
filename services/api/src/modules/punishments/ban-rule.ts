// "Does this ban hold for this player on this server at time T": the one place it is written. The
// SQL form (for the heartbeat's roster, the expiry sweep, the lists and the ban queries) and the
// in-memory form (for a loaded row) say the same thing; ban-rule.spec checks that they agree.
import type { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import type { PunishmentState } from '@outpost/contracts';
import { knexIn } from '../../core/database';
import type { PunishmentRecord } from './punishment.entity';

/** A date as the database stores it (a number on SQLite), for raw SQL bindings. */
export const storedDate = (em: EntityManager, date: Date): Date | number =>
  em.getPlatform().processDateProperty(date) as Date | number;

/**
 * SQL: the ban row `b` holds at `?` (the time, bound first) on the server `server` (a column, or
 * `?` bound second), or anywhere in the network when `server` is null. A ban holds while it is not
 * lifted and not yet expired, on the server it names, or on every server of its network (servers
 * added after it too) when its scope is the network. Matching the player and the network is the
 * caller's join.
 */
export const banHoldsSql = (b: string, server: string | null): string =>
  `${b}.type = 'ban' and ${b}.lifted_at is null and (${b}.expires_at is null or ${b}.expires_at > ?)` +
  (server === null ? '' : ` and (${b}.scope = 'network' or ${b}.server_id = ${server})`);

/** SQL for a ban's (or any punishment's) state at `?`: the list's filter. */
export const banStateSql = (b: string, state: PunishmentState): string => {
  switch (state) {
    case 'lifted':
      return `${b}.type = 'ban' and ${b}.lifted_at is not null`;
    case 'expired':
      return `${b}.type = 'ban' and ${b}.lifted_at is null and ${b}.expires_at is not null and ${b}.expires_at <= ?`;
    case 'active':
      return banHoldsSql(b, null);
  }
};

type BanFields = Pick<PunishmentRecord, 'type' | 'liftedAt' | 'expiresAt' | 'scope' | 'serverId'>;

/** A ban's state at `at` (null for kicks, warns and unbans). */
export const banStateOf = (ban: Omit<BanFields, 'scope' | 'serverId'>, at: Date): PunishmentState | null => {
  if (ban.type !== 'ban') return null;
  if (ban.liftedAt) return 'lifted';
  return ban.expiresAt && ban.expiresAt.getTime() <= at.getTime() ? 'expired' : 'active';
};

/** In memory, the same rule as banHoldsSql: on `serverId`, or anywhere in its network when null. */
export const banHolds = (ban: BanFields, serverId: string | null, at: Date): boolean =>
  banStateOf(ban, at) === 'active' &&
  (serverId === null || ban.scope === 'network' || ban.serverId === serverId);

export type HoldingBan = {
  id: string;
  reason: string;
  expiresAt: Date | null;
  scope: PunishmentRecord['scope'];
  serverId: string | null;
};

type HoldingRow = {
  id: string;
  steam_id: string;
  reason: string;
  expires_at: Date | number | string | null;
  scope: PunishmentRecord['scope'];
  server_id: string | null;
  issued_at: Date | number | string;
};

/** A date read by raw SQL: a Date (PostgreSQL), or epoch milliseconds (SQLite). */
export const dateOf = (value: Date | number | string): Date =>
  value instanceof Date
    ? value
    : new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);

/**
 * The bans that hold at `at` for these players of a network on a server (or anywhere in the
 * network when `serverId` is null), the newest per steamId. Ban-check, the heartbeat, the expiry
 * sweep and the moderation actions all ask this.
 */
export const holdingBans = async (
  em: EntityManager,
  query: { networkId: string; serverId: string | null; steamIds: readonly string[]; at: Date },
): Promise<Map<string, HoldingBan>> => {
  const held = new Map<string, HoldingBan>();
  if (query.steamIds.length === 0) return held;
  const knex = knexIn(em);
  const bindings: unknown[] = [storedDate(em, query.at)];
  if (query.serverId !== null) bindings.push(query.serverId);
  const rows = (await knex('punishments as b')
    .select('b.id', 'b.steam_id', 'b.reason', 'b.expires_at', 'b.scope', 'b.server_id', 'b.issued_at')
    .where('b.network_id', query.networkId)
    .whereIn('b.steam_id', [...new Set(query.steamIds)])
    .whereRaw(banHoldsSql('b', query.serverId === null ? null : '?'), bindings as Knex.RawBinding[])
    .orderBy([
      { column: 'b.issued_at', order: 'desc' },
      { column: 'b.id', order: 'desc' },
    ])) as HoldingRow[];
  for (const row of rows)
    if (!held.has(row.steam_id))
      held.set(row.steam_id, {
        id: row.id,
        reason: row.reason,
        expiresAt: row.expires_at === null ? null : dateOf(row.expires_at),
        scope: row.scope,
        serverId: row.server_id,
      });
  return held;
};
