import type { EntityManager } from '@mikro-orm/core';
import { PreparedStatement } from '../../core/database/prepared-statement';
import { GameServer, type PluginServer } from './server.entity';

/** A server's own state as its latest report gave it; online (or starting) as of `lastSeenAt`. */
export type ReportedServerState = {
  status: 'online' | 'starting';
  playerCount: number;
  maxPlayers: number;
  /** Null keeps what the server reported before. */
  map: string | null;
  actualName: string | null;
  uptime: number | null;
};

const REPORT = new PreparedStatement<never>(
  `update servers set status = ?, player_count = ?, max_players = ?, map = ?, actual_name = ?, uptime = ?,
    last_seen_at = ? where id = ?`,
);

/**
 * The one writer of a server's reported status (with SteadyHeartbeats, which writes the same
 * columns for many servers in one statement): in the caller's transaction.
 */
export const recordServerReport = async (
  em: EntityManager,
  server: PluginServer,
  state: ReportedServerState,
  at: Date,
): Promise<void> => {
  await REPORT.rows(em, [
    state.status,
    state.playerCount,
    state.maxPlayers,
    state.map ?? server.map,
    state.actualName ?? server.actualName,
    state.uptime ?? server.uptime,
    at,
    server.id,
  ]);
};

const silentSince = (cutoff: Date) => ({
  status: { $ne: 'offline' as const },
  $or: [{ lastSeenAt: null }, { lastSeenAt: { $lt: cutoff } }],
});

/** The ids of the servers not offline that have not reported since `cutoff`. */
export const silentServerIds = async (em: EntityManager, cutoff: Date): Promise<string[]> =>
  (await em.find(GameServer, silentSince(cutoff), { fields: ['id'] })).map((server) => server.id);

/**
 * Those of these servers still silent since `cutoff` (one may have reported meanwhile), set
 * offline with no players, in the caller's transaction (`em`; the caller flushes).
 */
export const markSilentServersOffline = async (
  em: EntityManager,
  ids: readonly string[],
  cutoff: Date,
): Promise<Pick<GameServer, 'id' | 'networkId' | 'maxPlayers' | 'lastSeenAt'>[]> => {
  const silent = await em.find(GameServer, { id: { $in: [...ids] }, ...silentSince(cutoff) });
  for (const server of silent) {
    server.status = 'offline';
    server.playerCount = 0;
  }
  return silent;
};
