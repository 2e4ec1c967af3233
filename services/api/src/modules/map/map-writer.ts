import type { EntityManager } from '@mikro-orm/core';

export type WorldRow = {
  serverId: string;
  networkId: string;
  worldSize: number | null;
  seed: number | null;
  mapName: string | null;
  /** Epoch ms of the heartbeat. */
  reportedAt: number;
  players: { steamId: string; name: string; x: number; z: number }[];
};

export type PositionRow = { serverId: string; steamId: string; at: number; x: number; z: number };

/** Rows per statement: far below both databases' limits on bound values. */
const ROWS_PER_STATEMENT = 200;

const placeholders = (rows: number, columns: number): string =>
  Array.from({ length: rows }, () => `(${Array(columns).fill('?').join(', ')})`).join(', ');

/**
 * Each server's latest world and roster. The newer report wins, whichever instance or flush wrote
 * first; a report that did not say the world size (or seed, or map) keeps the one stored.
 */
export const upsertWorlds = async (em: EntityManager, worlds: WorldRow[]): Promise<void> => {
  for (const w of worlds)
    await em.getConnection().execute(
      `insert into map_worlds (server_id, network_id, world_size, seed, map_name, reported_at, players)
          values (?, ?, ?, ?, ?, ?, ?)
        on conflict (server_id) do update set
          network_id = excluded.network_id,
          world_size = coalesce(excluded.world_size, map_worlds.world_size),
          seed = coalesce(excluded.seed, map_worlds.seed),
          map_name = coalesce(excluded.map_name, map_worlds.map_name),
          reported_at = excluded.reported_at,
          players = excluded.players
        where map_worlds.reported_at <= excluded.reported_at`,
      [
        w.serverId,
        w.networkId,
        w.worldSize,
        w.seed,
        w.mapName?.slice(0, 200) ?? null,
        w.reportedAt,
        JSON.stringify(w.players),
      ],
      'run',
      em.getTransactionContext(),
    );
};

/** Trail points; one already stored (another instance kept the same instant) stays as it is. */
export const insertPositions = async (em: EntityManager, points: PositionRow[]): Promise<void> => {
  for (let i = 0; i < points.length; i += ROWS_PER_STATEMENT) {
    const chunk = points.slice(i, i + ROWS_PER_STATEMENT);
    await em.getConnection().execute(
      `insert into map_positions (server_id, steam_id, at, x, z) values ${placeholders(chunk.length, 5)}
        on conflict (server_id, steam_id, at) do nothing`,
      chunk.flatMap((p) => [p.serverId, p.steamId, p.at, p.x, p.z]),
      'run',
      em.getTransactionContext(),
    );
  }
};
