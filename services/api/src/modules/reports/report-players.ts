/**
 * SQL, a subquery of Steam IDs: the players named in the F7 reports of one server of one network
 * (bound at `?`: the network, then the server), the reporters and the reported alike. Reading
 * reports by Steam ID needs the network: another network's server would otherwise name players of
 * this one.
 */
export const playersOfServerReportsSql = (): string =>
  `select r.reporter_steam_id from reports r where r.network_id = ? and r.server_id = ?
     and r.reporter_steam_id is not null
   union
   select r.target_steam_id from reports r where r.network_id = ? and r.server_id = ?
     and r.target_steam_id is not null`;
