import type { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { knexIn, type PreparedStatement } from '../../../core/database';
import { addToPlayerTotal } from '../../tenancy';
import { PlayerPunishments, type HeldBan } from '../player-punishments.port';
import { closeSession, settlePlayerStatus } from '../player-state';
import { PlayerRecord, PlayerSession } from '../player.entity';
import { insertNewPlayers, openFirstSessions, openSessions, upsertPlayerIps } from './player-upserts';
import { isSteady, readRoster, refreshLastSeen, rosterStatement, type RosterRow } from './roster';
import { groupsOf, LAST_SEEN_REFRESH_MS, type RosterPlayer } from './roster-player';

/** The server a roster comes from: its id, network and when it last reported before this one. */
export type RosterServer = { id: string; networkId: string; lastSeenAt: Date | null };

/** What a roster changed: who came and who left, the bans that hold for those present. */
export type RosterOutcome = {
  joined: { steamId: string; name: string }[];
  left: string[];
  /** The bans that hold on this server for players it reported present, by steamId. */
  bans: Map<string, HeldBan>;
  /** Players the network did not know: its kept total grows by this (addToNetworkTotal). */
  created: number;
};

const dbDate = (em: EntityManager, date: Date): Date | number =>
  em.getPlatform().processDateProperty(date) as Date | number;

/**
 * Who is on which server, and since when: the one owner of players' presence (their current
 * server, status, lastSeen, sessions and addresses). A heartbeat's roster and the offline sweep
 * change it through here, in their own transaction.
 */
@Injectable()
export class PresenceService {
  /** The roster's statement, with the punishments' rule of a ban that holds written in. */
  private readonly roster: PreparedStatement<RosterRow>;

  constructor(private readonly punishments: PlayerPunishments) {
    this.roster = rosterStatement(punishments.banHeldSql());
  }

  /**
   * The server reports exactly these players online, in the caller's transaction (`em`; the caller
   * flushes): every reported player upserted, players no longer listed closed and set offline.
   * A player already here whose name, address, groups and status have not changed only needs
   * lastSeen moved, and only when it is LAST_SEEN_REFRESH_MS old: those (nearly everyone, in a live
   * network) are read as plain rows and share one UPDATE; only the others become entities.
   */
  async applyRoster(
    em: EntityManager,
    server: RosterServer,
    players: readonly RosterPlayer[],
    now: Date,
  ): Promise<RosterOutcome> {
    const outcome: RosterOutcome = { joined: [], left: [], bans: new Map(), created: 0 };
    const { networkId } = server;
    const knex = knexIn(em);
    const steamIds = players.map((player) => player.steamId);
    const roster = await readRoster(em, this.roster, server, steamIds, now);
    const rowBySteamId = new Map(roster.map((row) => [row.steam_id, row]));
    const reportedIds = new Set(steamIds);
    const steady: string[] = [];
    const changing: RosterPlayer[] = [];
    for (const reported of players) {
      const row = rowBySteamId.get(reported.steamId);
      if (!row || !isSteady(row, reported, server.id)) changing.push(reported);
      else if (now.getTime() - new Date(row.last_seen).getTime() >= LAST_SEEN_REFRESH_MS) steady.push(row.id);
    }
    if (steady.length) await refreshLastSeen(em, steady, now);

    // Everyone else goes through entities: players who arrive or change, and those who left.
    const leavingIds = roster
      .filter((row) => row.current_server_id === server.id && !reportedIds.has(row.steam_id))
      .map((row) => row.id);
    const loadIds = [
      ...changing.flatMap((reported) => rowBySteamId.get(reported.steamId)?.id ?? []),
      ...leavingIds,
    ];
    // New players are inserted as they end up, as an upsert (a concurrent heartbeat may add them
    // too); those another heartbeat created first are loaded with the others.
    const arriving = changing.filter((reported) => !rowBySteamId.has(reported.steamId));
    const created = await insertNewPlayers(knex, server, arriving, now, (date) => dbDate(em, date));
    outcome.created = created.size;
    const raced = arriving.filter((reported) => !created.has(reported.steamId));
    const loaded =
      loadIds.length || raced.length
        ? await em.find(PlayerRecord, {
            $or: [
              { id: { $in: loadIds } },
              { networkId, steamId: { $in: raced.map((reported) => reported.steamId) } },
            ],
          })
        : [];
    const known = loaded.filter((player) => reportedIds.has(player.steamId));
    const leaving = loaded.filter((player) => !reportedIds.has(player.steamId));
    const touched = loaded.filter((player) => rowBySteamId.get(player.steamId)?.open_here).map((p) => p.id);
    const open = touched.length
      ? await em.find(PlayerSession, {
          networkId,
          serverId: server.id,
          leftAt: null,
          playerId: { $in: touched },
        })
      : [];
    const flagged = roster.filter((row) => row.banned && reportedIds.has(row.steam_id));
    outcome.bans = await this.punishments.heldBans(em, {
      networkId,
      serverId: server.id,
      steamIds: flagged.map((row) => row.steam_id),
      at: now,
    });
    const bySteamId = new Map(known.map((player) => [player.steamId, player]));
    const openSessionHere = new Map(open.map((session) => [session.playerId, session]));

    const joining: PlayerRecord[] = [];
    for (const reported of changing) {
      if (created.has(reported.steamId)) {
        outcome.joined.push({ steamId: reported.steamId, name: reported.name });
        continue;
      }
      const player = bySteamId.get(reported.steamId);
      if (!player) continue;
      const groups = groupsOf(reported);
      if (groups) {
        player.groups = groups;
        player.isAdmin = groups.includes('admin');
        player.isModerator = groups.includes('moderator');
      }
      player.displayName = reported.name;
      player.lastSeen = now;
      if (player.currentServerId !== server.id || !openSessionHere.has(player.id)) {
        joining.push(player);
        outcome.joined.push({ steamId: player.steamId, name: reported.name });
      }
      player.currentServerId = server.id;
      player.lastServerId = server.id;
      settlePlayerStatus(player, outcome.bans.has(reported.steamId));
      if (reported.ip && reported.ip !== player.lastIp) {
        player.lastIp = reported.ip;
        if (!joining.includes(player)) joining.push(player);
      }
    }
    await this.startSessions(em, server, joining, created, players, now);

    // Last seen at this server's previous heartbeat (their stored lastSeen may be up to
    // LAST_SEEN_REFRESH_MS older).
    const previous = server.lastSeenAt ?? now;
    for (const player of leaving) {
      outcome.left.push(player.steamId);
      if (previous > player.lastSeen) player.lastSeen = previous;
      player.currentServerId = null;
      settlePlayerStatus(player, player.status === 'banned');
    }
    for (const session of open)
      if (leavingIds.includes(session.playerId))
        closeSession(session, leaving.find((p) => p.id === session.playerId) ?? null, now);
    return outcome;
  }

  /**
   * The network's kept total of players grows by those a roster created. Last in the caller's
   * transaction: every server of the network adds to this one row, so its lock is held only while
   * the transaction commits (a network whose servers all report new players at once, after a
   * restart say, would otherwise take them one transaction at a time).
   */
  async addToNetworkTotal(em: EntityManager, networkId: string, created: number): Promise<void> {
    await addToPlayerTotal(em, networkId, created);
  }

  /**
   * These servers went silent: their players leave them, as of each server's last heartbeat, and
   * their open sessions end then. In the caller's transaction (`em`; the caller flushes).
   */
  async leaveServers(
    em: EntityManager,
    servers: readonly { id: string; lastSeenAt: Date | null }[],
    now: Date,
  ): Promise<void> {
    const ids = servers.map((server) => server.id);
    if (ids.length === 0) return;
    const players = await em.find(PlayerRecord, { currentServerId: { $in: ids } });
    const sessions = await em.find(PlayerSession, { serverId: { $in: ids }, leftAt: null });
    const lastSeen = new Map(servers.map((server) => [server.id, server.lastSeenAt ?? now]));
    const playerById = new Map(players.map((player) => [player.id, player]));
    for (const session of sessions)
      closeSession(session, playerById.get(session.playerId) ?? null, lastSeen.get(session.serverId) ?? now);
    for (const player of players) {
      const last = (player.currentServerId && lastSeen.get(player.currentServerId)) || now;
      if (last > player.lastSeen) player.lastSeen = last;
      player.currentServerId = null;
      settlePlayerStatus(player, player.status === 'banned');
    }
  }

  /**
   * A session for each player who just arrived here (closing one left open elsewhere), and for
   * each player `created` (steamId to id) their first, with their IP.
   */
  private async startSessions(
    em: EntityManager,
    server: RosterServer,
    joining: PlayerRecord[],
    created: ReadonlyMap<string, string>,
    players: readonly RosterPlayer[],
    now: Date,
  ): Promise<void> {
    if (joining.length === 0 && created.size === 0) return;
    const ids = joining.map((player) => player.id);
    const elsewhere = ids.length
      ? await em.find(PlayerSession, { playerId: { $in: ids }, leftAt: null })
      : [];
    const reportedBySteamId = new Map(players.map((player) => [player.steamId, player]));
    const sessionOf = (playerId: string, reported: RosterPlayer | undefined) => {
      const connectedMs = Math.min((reported?.connectedSeconds ?? 0) * 1000, 24 * 3600 * 1000);
      return {
        networkId: server.networkId,
        playerId,
        serverId: server.id,
        joinedAt: dbDate(em, new Date(now.getTime() - connectedMs)),
      };
    };
    const seenAt: { playerId: string; ip: string }[] = [];
    const opening: ReturnType<typeof sessionOf>[] = [];
    for (const player of joining) {
      const reported = reportedBySteamId.get(player.steamId);
      const open = elsewhere.filter((session) => session.playerId === player.id);
      if (!open.some((session) => session.serverId === server.id)) {
        for (const session of open) closeSession(session, player, now);
        opening.push(sessionOf(player.id, reported));
      }
      if (reported?.ip) seenAt.push({ playerId: player.id, ip: reported.ip });
    }
    const first: ReturnType<typeof sessionOf>[] = [];
    for (const [steamId, playerId] of created) {
      const reported = reportedBySteamId.get(steamId);
      first.push(sessionOf(playerId, reported));
      if (reported?.ip) seenAt.push({ playerId, ip: reported.ip });
    }
    await openSessions(knexIn(em), opening);
    await openFirstSessions(knexIn(em), first);
    await upsertPlayerIps(knexIn(em), seenAt, dbDate(em, now));
  }
}
