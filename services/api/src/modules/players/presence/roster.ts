import type { EntityManager } from '@mikro-orm/core';
import { PreparedStatement } from '../../../core/database';
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

// A list of ids bound as one value, a JSON array of strings: the statement's text is the same for
// any list, so it is prepared once.
const SQLITE_LIST = '(select value from json_each(?))';
const PG_LIST = '(array(select jsonb_array_elements_text(cast(? as jsonb))))';

/**
 * The statement reading a roster: the reported players already known to the network (bound as one
 * JSON array of steamIds) and the players this server had, each with whether they have an open
 * session here and a ban that holds here (`banHeldSql`, the punishments port's rule of the player
 * row `p` at ? on server ?). Two index lookups joined by UNION: an OR of the two would make the
 * database walk every player of the network. The open session is a correlated count, looked up by
 * player: an EXISTS may be planned as a scan of every open session of the network.
 *
 * On PostgreSQL the reported players are looked up one by one on (network, steamId), the list
 * driving a lateral subquery the planner cannot flatten (OFFSET 0): with `= any` of the list, a
 * table without statistics yet (a new panel's first minutes, thousands of players arriving) was
 * planned as a walk of every player of the network, each compared with the whole list.
 */
export const rosterStatement = (banHeldSql: string): PreparedStatement<RosterRow> => {
  const select = `select p.id, p.steam_id, p.display_name, p.status, p.current_server_id, p.last_server_id,
      p.last_ip, p.last_seen, p.groups,
      (select count(*) from player_sessions s
        where s.player_id = p.id and s.server_id = ? and s.left_at is null) > 0 as open_here,
      ${banHeldSql} as banned`;
  const reported = {
    sqlite: `${select} from players p where p.steam_id in ${SQLITE_LIST} and p.network_id = ?`,
    postgresql: `${select}
      from jsonb_array_elements_text(cast(? as jsonb)) as r(steam_id)
      cross join lateral (select * from players where network_id = ? and steam_id = r.steam_id offset 0) p`,
  };
  const present = `${select} from players p where p.current_server_id = ?`;
  return new PreparedStatement<RosterRow>(`${reported.sqlite} union ${present}`, {
    postgresql: `${reported.postgresql} union ${present}`,
  });
};

/**
 * The roster's players, by `statement` (rosterStatement), in the transaction `em` runs: `at` is the
 * instant bans are judged at.
 */
export const readRoster = (
  em: EntityManager,
  statement: PreparedStatement<RosterRow>,
  server: { id: string; networkId: string },
  steamIds: readonly string[],
  at: Date,
): Promise<RosterRow[]> => {
  const columns = [server.id, at, server.id];
  return statement.rows(em, [...columns, JSON.stringify(steamIds), server.networkId, ...columns, server.id]);
};

/** Moves these players' lastSeen to `at` (ids as one JSON array: one text, prepared once). */
const LAST_SEEN = new PreparedStatement<never>(
  `update players set last_seen = ? where id in ${SQLITE_LIST}`,
  {
    postgresql: `update players set last_seen = ? where id = any ${PG_LIST}`,
  },
);

export const refreshLastSeen = async (em: EntityManager, ids: readonly string[], at: Date): Promise<void> => {
  await LAST_SEEN.rows(em, [at, JSON.stringify(ids)]);
};
