import type { EntityManager } from '@mikro-orm/core';
import type { ServerStatus } from '@outpost/contracts';
import { placeholders, PreparedStatement } from '../../core/database';

/** A server's status change as stored (`server_status_changes`, written only here). */
export type StoredStatusChange = { serverId: string; status: ServerStatus; at: Date };

const INSERT = new PreparedStatement<never>(
  `insert into server_status_changes (server_id, network_id, status, at) values (?, ?, ?, ?)`,
);

/**
 * Stores that a server's status became `status` at `at`, in the caller's transaction: the same
 * one that writes the status (recordServerReport, markSilentServersOffline), so the history and
 * the status never disagree.
 */
export const recordStatusChange = async (
  em: EntityManager,
  server: { id: string; networkId: string },
  status: ServerStatus,
  at: Date,
): Promise<void> => {
  await INSERT.rows(em, [server.id, server.networkId, status, at.getTime()]);
};

type Row = { server_id: string; status: ServerStatus; at: number | string };

/**
 * The status changes of these servers that tell their status from `from` on: the last one before
 * it (the status at `from`) and every one since, oldest first per server. Servers without one
 * before `from` had not reported yet then.
 */
export const statusChangesSince = async (
  em: EntityManager,
  serverIds: readonly string[],
  from: Date,
): Promise<StoredStatusChange[]> => {
  if (serverIds.length === 0) return [];
  const marks = placeholders(serverIds);
  const rows = (await em.getConnection().execute(
    `select c.server_id, c.status, c.at from server_status_changes c
      where c.server_id in (${marks})
        and (c.at >= ? or c.at = (select max(p.at) from server_status_changes p
          where p.server_id = c.server_id and p.at < ?))
      order by c.server_id, c.at, c.id`,
    [...serverIds, from.getTime(), from.getTime()],
  )) as Row[];
  return rows.map((row) => ({ serverId: row.server_id, status: row.status, at: new Date(Number(row.at)) }));
};

/** Deletes the status changes older than `before` (retention); answers how many. */
export const deleteStatusChangesBefore = async (em: EntityManager, before: Date): Promise<number> => {
  const { affectedRows } = await em
    .getConnection()
    .execute(`delete from server_status_changes where at < ?`, [before.getTime()], 'run');
  return affectedRows;
};
