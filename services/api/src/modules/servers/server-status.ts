import type { EntityManager } from '@mikro-orm/core';
import type { ServerStatus } from '@outpost/contracts';
import { PreparedStatement } from '../../core/database';
import { GameServer, type PluginServer } from './server.entity';
import { recordStatusChange } from './status-changes';

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

/** A status that really changed. */
export type StatusTransition = { from: ServerStatus; to: ServerStatus };

/**
 * The one writer of a server's reported status (with SteadyHeartbeats, which writes the same
 * columns for many servers in one statement, and only while the status holds): in the caller's
 * transaction. `current` is the status the caller read in that transaction, after taking the
 * server's heartbeat lock; when the report changes it, the change is stored too and answered.
 */
export const recordServerReport = async (
  em: EntityManager,
  server: PluginServer,
  state: ReportedServerState,
  at: Date,
  current: ServerStatus = server.status,
): Promise<StatusTransition | null> => {
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
  if (current === state.status) return null;
  await recordStatusChange(em, server, state.status, at);
  return { from: current, to: state.status };
};

const silentSince = (cutoff: Date) => ({
  status: { $ne: 'offline' as const },
  $or: [{ lastSeenAt: null }, { lastSeenAt: { $lt: cutoff } }],
});

/** The ids of the servers not offline that have not reported since `cutoff`. */
export const silentServerIds = async (em: EntityManager, cutoff: Date): Promise<string[]> =>
  (await em.find(GameServer, silentSince(cutoff), { fields: ['id'] })).map((server) => server.id);

/** A server the sweep set offline, and the status it had. */
export type SilencedServer = Pick<GameServer, 'id' | 'networkId' | 'name' | 'maxPlayers' | 'lastSeenAt'> & {
  from: ServerStatus;
};

/**
 * Those of these servers still silent since `cutoff` (one may have reported meanwhile), set
 * offline with no players, in the caller's transaction (`em`; the caller flushes). Each change
 * is stored as of the server's last report (it was not heard after it), or `now` if it never
 * reported.
 */
export const markSilentServersOffline = async (
  em: EntityManager,
  ids: readonly string[],
  cutoff: Date,
  now: Date = new Date(),
): Promise<SilencedServer[]> => {
  const silent = await em.find(GameServer, { id: { $in: [...ids] }, ...silentSince(cutoff) });
  const silenced: SilencedServer[] = [];
  for (const server of silent) {
    const from = server.status;
    server.status = 'offline';
    server.playerCount = 0;
    await recordStatusChange(em, server, 'offline', server.lastSeenAt ?? now);
    silenced.push({
      id: server.id,
      networkId: server.networkId,
      name: server.name,
      maxPlayers: server.maxPlayers,
      lastSeenAt: server.lastSeenAt,
      from,
    });
  }
  return silenced;
};
