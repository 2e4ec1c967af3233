import type { Knex } from '@mikro-orm/knex';
import { playerStatusOf } from '../player-state';
import { groupsOf, type RosterPlayer } from './roster-player';

/** A player of the network as a full heartbeat first reads them: a plain row, no entity. */
export type RosterRow = {
  id: string;
  steam_id: string;
  display_name: string;
  status: string;
  current_server_id: string | null;
  last_server_id: string | null;
  last_ip: string | null;
  last_seen: Date | number;
  groups: string;
  /** An open session on this server (0/1 on SQLite, boolean on PostgreSQL). */
  open_here: number | boolean;
  /** A ban that holds now on this server (the punishments module's rule). */
  banned: number | boolean;
};

/** Already on this server with nothing but lastSeen to change. */
export const isSteady = (row: RosterRow, reported: RosterPlayer, serverId: string): boolean => {
  if (!row.open_here || row.current_server_id !== serverId || row.last_server_id !== serverId) return false;
  if (row.display_name !== reported.name || row.status !== playerStatusOf(true, !!row.banned)) return false;
  if (reported.ip && reported.ip !== row.last_ip) return false;
  const groups = groupsOf(reported);
  return !groups || row.groups === JSON.stringify(groups);
};

/**
 * In one statement (on `knex`, the heartbeat's transaction): the reported players already known
 * to the network and the players this server had, each with whether they have an open session
 * here and a ban that holds here at `at` (a date as the database stores it).
 */
export const readRoster = async (
  knex: Knex,
  server: { id: string; networkId: string },
  /** SQL: a ban of the player row `p` holds at ? on server ? (punishments' rule, see the port). */
  banHeldSql: string,
  steamIds: string[],
  at: Date | number,
): Promise<RosterRow[]> => {
  // Two index lookups (by steamId, by current server) joined by UNION: an OR of the two would
  // make the database walk every player of the network.
  const select = (builder: Knex.QueryBuilder) =>
    builder
      .select(
        'p.id',
        'p.steam_id',
        'p.display_name',
        'p.status',
        'p.current_server_id',
        'p.last_server_id',
        'p.last_ip',
        'p.last_seen',
        'p.groups',
        knex.raw(
          `exists (select 1 from player_sessions s
             where s.player_id = p.id and s.server_id = ? and s.left_at is null) as open_here`,
          [server.id],
        ),
        knex.raw(`${banHeldSql} as banned`, [at, server.id]),
      )
      .from('players as p');
  const here = select(knex.queryBuilder()).where('p.current_server_id', server.id);
  if (steamIds.length === 0) return (await here) as RosterRow[];
  return (await select(knex.queryBuilder())
    .where('p.network_id', server.networkId)
    .whereIn('p.steam_id', steamIds)
    .union(here)) as RosterRow[];
};
