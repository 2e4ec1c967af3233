import { playersOfServerReportsSql } from '../reports';

/** A condition of raw SQL with its bindings, for knex's whereRaw. */
export type RawCondition = { sql: string; bindings: (string | number)[] };

/**
 * The players of a server, as its Players list shows them: everyone who played there (a session,
 * open or closed), was punished there (a ban imported from its own list too) or was named in one of
 * its F7 reports, wherever they are now. SQL over `players as p`; `punished` is the punishments
 * module's subquery of player ids (one `?`: the server).
 */
export const playedOnServer =
  (punished: string) =>
  (networkId: string, serverId: string): RawCondition => ({
    sql: `(p.last_server_id = ? or p.current_server_id = ?
      or p.id in (select s.player_id from player_sessions s where s.network_id = ? and s.server_id = ?)
      or p.id in (${punished})
      or p.steam_id in (${playersOfServerReportsSql()}))`,
    bindings: [serverId, serverId, networkId, serverId, serverId, networkId, serverId, networkId, serverId],
  });
