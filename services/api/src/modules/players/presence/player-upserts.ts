import { randomUUID } from 'node:crypto';
import type { Knex } from '@mikro-orm/knex';
import { playerStatusOf } from '../player-state';
import { groupsOf, type RosterPlayer } from './roster-player';

/** Rows per INSERT: SQLite binds at most a few thousand values to one statement. */
const ROWS_PER_INSERT = 100;
const chunksOf = <T>(rows: T[]): T[][] =>
  Array.from({ length: Math.ceil(rows.length / ROWS_PER_INSERT) }, (_, i) =>
    rows.slice(i * ROWS_PER_INSERT, (i + 1) * ROWS_PER_INSERT),
  );

/** A date as the database's driver takes it (a number on SQLite, a Date on PostgreSQL). */
type DbDate = Date | number;

/**
 * Inserts the reported players the network does not know yet, as `INSERT ... ON CONFLICT DO
 * NOTHING`: two heartbeats that report the same new player at once (two servers of a network, or
 * one server's retried heartbeat after a stall) both succeed, and the player exists once. Rows go
 * in steamId order, so two such inserts take their locks in the same order and never deadlock.
 * Each row is written as the heartbeat leaves it (online on this server, with their address,
 * groups and first session counted: see openFirstSessions), not updated after. Answers the rows
 * this statement created, by steamId: a player another heartbeat created first is not among them
 * (the network's kept total grows by these, not by what a concurrent heartbeat created).
 */
export const insertNewPlayers = async (
  knex: Knex,
  server: { id: string; networkId: string },
  players: readonly RosterPlayer[],
  now: Date,
  dbDate: (date: Date) => DbDate,
): Promise<Map<string, string>> => {
  const created = new Map<string, string>();
  if (players.length === 0) return created;
  const rows = [...players]
    .sort((a, b) => (a.steamId < b.steamId ? -1 : a.steamId > b.steamId ? 1 : 0))
    .map((player) => {
      const groups = groupsOf(player) ?? [];
      return {
        id: randomUUID(),
        network_id: server.networkId,
        steam_id: player.steamId,
        display_name: player.name,
        // Nobody can have banned a player the network does not know yet.
        status: playerStatusOf(true, false),
        first_joined: dbDate(new Date(now.getTime() - (player.connectedSeconds ?? 0) * 1000)),
        last_seen: dbDate(now),
        groups: JSON.stringify(groups),
        is_admin: groups.includes('admin'),
        is_moderator: groups.includes('moderator'),
        current_server_id: server.id,
        last_server_id: server.id,
        last_ip: player.ip || null,
        total_sessions: 1,
      };
    });
  for (const chunk of chunksOf(rows)) {
    await knex('players').insert(chunk).onConflict(['network_id', 'steam_id']).ignore();
    const inserted = (await knex('players')
      .whereIn(
        'id',
        chunk.map((row) => row.id),
      )
      .select('id', 'steam_id')) as { id: string; steam_id: string }[];
    for (const row of inserted) created.set(row.steam_id, row.id);
  }
  return created;
};

/**
 * The first session of each player insertNewPlayers created: no other session of theirs can exist
 * (no one else sees the row before this transaction commits), and the row counts it already.
 */
export const openFirstSessions = async (
  knex: Knex,
  sessions: readonly { networkId: string; playerId: string; serverId: string; joinedAt: DbDate }[],
): Promise<void> => {
  const rows = sessions.map((session) => ({
    id: randomUUID(),
    network_id: session.networkId,
    player_id: session.playerId,
    server_id: session.serverId,
    joined_at: session.joinedAt,
    left_at: null,
  }));
  for (const chunk of chunksOf(rows)) await knex('player_sessions').insert(chunk);
};

/** The addresses players were seen at: a new one is added, a known one's lastSeen moves (one upsert). */
export const upsertPlayerIps = async (
  knex: Knex,
  seen: readonly { playerId: string; ip: string }[],
  now: DbDate,
): Promise<void> => {
  if (seen.length === 0) return;
  const rows = [...seen]
    .sort((a, b) => (a.playerId + a.ip < b.playerId + b.ip ? -1 : 1))
    .map(({ playerId, ip }) => ({
      id: randomUUID(),
      player_id: playerId,
      ip,
      first_seen: now,
      last_seen: now,
    }));
  for (const chunk of chunksOf(rows))
    await knex('player_ips').insert(chunk).onConflict(['player_id', 'ip']).merge(['last_seen']);
};

/**
 * Opens a session for each player who just arrived on a server, unless one is open there already
 * (a unique index holds one open session per player and server): two heartbeats of one server
 * running together open it once. Adds each session opened to its player's total in the statement,
 * so neither heartbeat overwrites the other's count.
 */
export const openSessions = async (
  knex: Knex,
  sessions: readonly { networkId: string; playerId: string; serverId: string; joinedAt: DbDate }[],
): Promise<void> => {
  if (sessions.length === 0) return;
  const rows = [...sessions]
    .sort((a, b) => (a.playerId < b.playerId ? -1 : 1))
    .map((session) => ({
      id: randomUUID(),
      network_id: session.networkId,
      player_id: session.playerId,
      server_id: session.serverId,
      joined_at: session.joinedAt,
      left_at: null,
    }));
  for (const chunk of chunksOf(rows)) {
    await knex('player_sessions').insert(chunk).onConflict().ignore();
    const opened = (await knex('player_sessions')
      .whereIn(
        'id',
        chunk.map((row) => row.id),
      )
      .select('player_id')) as { player_id: string }[];
    if (opened.length)
      await knex('players')
        .whereIn(
          'id',
          opened.map((row) => row.player_id),
        )
        .increment('total_sessions', 1);
  }
};
