import type { Knex } from '@mikro-orm/knex';

/** The names a network knows for these players (from their heartbeats), by steamId. */
export const playerNamesOf = async (
  knex: Knex,
  networkId: string,
  steamIds: Iterable<string | null>,
): Promise<Map<string, string>> => {
  const ids = [...new Set(steamIds)].filter((id): id is string => id !== null);
  if (ids.length === 0) return new Map();
  const rows = (await knex('players')
    .select('steam_id', 'display_name')
    .where('network_id', networkId)
    .whereIn('steam_id', ids)) as { steam_id: string; display_name: string }[];
  return new Map(rows.map((row) => [row.steam_id, row.display_name]));
};
