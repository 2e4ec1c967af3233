import { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import { Injectable } from '@nestjs/common';
import type { HeartbeatResponse, PluginCommand } from '@outpost/contracts';
import { retryOnConflict } from '../../core/database/retry';
import { sqlEm } from '../../core/database/sql';
import { DomainEvents, type PlayersMovedEvent } from '../../core/events';
import type { CommandRecord } from '../commands/command.entity';
import { CommandsService, toPluginCommand } from '../commands/commands.service';
import { PlayerRecord, PlayerSession } from '../players/player.entity';
import { closeSession } from '../players/player-state';
import { holdingBans } from '../punishments/ban-rule';
import { GameServer, type PluginServer } from '../servers/server.entity';
import { ServersService } from '../servers/servers.service';
import type { PluginCaller } from './plugin-auth.guard';
import { invalidServerToken } from './plugin.errors';
import { SteadyHeartbeats } from './steady-heartbeats';
import { PluginClock } from './plugin-clock';
import { insertNewPlayers, openSessions, upsertPlayerIps } from './player-upserts';
import { isSteady, readRoster } from './heartbeat-roster';
import {
  groupsOf,
  LAST_SEEN_REFRESH_MS,
  rosterFingerprint,
  SettledRosters,
  statusOf,
} from './settled-rosters';
import { HEARTBEAT_INTERVAL_SECONDS, type HeartbeatInput, type HeartbeatPlayerInput } from './plugin-schemas';

export type { HeartbeatResponse };

/** The server's own fields from a heartbeat; it is online (or starting) as of now. */
const serverStateOf = (server: PluginServer, input: HeartbeatInput, now: Date) => ({
  status: statusOf(input),
  playerCount: input.players.length,
  maxPlayers: input.maxPlayers,
  map: input.map ?? server.map,
  actualName: input.hostname ?? server.actualName,
  uptime: input.uptimeSeconds ?? server.uptime,
  lastSeenAt: now,
});

@Injectable()
export class HeartbeatService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: PluginClock,
    private readonly settled: SettledRosters,
    private readonly steady: SteadyHeartbeats,
    private readonly servers: ServersService,
    private readonly commands: CommandsService,
    private readonly events: DomainEvents,
  ) {}

  /**
   * A heartbeat: the steady path when it reports exactly the players the server's last full
   * heartbeat stored (a live server's usual case, two heartbeats out of three), else the full one.
   * The steady path checks the token in its statement; the full one reads the token's server
   * first (when the guard has not).
   */
  async heartbeat(caller: PluginCaller, input: HeartbeatInput): Promise<HeartbeatResponse> {
    const now = this.clock.now();
    const fingerprint = rosterFingerprint(input.players);
    const settled = this.settled.serverOf(caller.token, now);
    if (
      settled &&
      this.settled.holds(caller.token, fingerprint, now) &&
      (await this.storeSteadyState(caller, input, now))
    ) {
      this.reported(settled, input, now);
      return { commands: [], nextHeartbeatSeconds: HEARTBEAT_INTERVAL_SECONDS };
    }
    this.settled.forget(caller.token);
    const server = caller.server ?? (await this.servers.findByToken(caller.token));
    if (!server) throw invalidServerToken();
    const response = await retryOnConflict(() => this.fullHeartbeat(server, input, now));
    if (response.settles) this.settled.remember(caller.token, server, fingerprint, now);
    this.reported(server, input, now);
    return response.answer;
  }

  /** Publishes `server.reported` for a stored heartbeat. */
  private reported(server: { id: string; networkId: string }, input: HeartbeatInput, now: Date): void {
    this.events.emit('server.reported', {
      networkId: server.networkId,
      serverId: server.id,
      status: statusOf(input),
      playerCount: input.players.length,
      maxPlayers: input.maxPlayers,
      at: now,
    });
  }

  /**
   * The steady path: stores the server's state (with the other steady heartbeats of the moment)
   * and answers whether no command is waiting for it (a ban or kick of one of its players always
   * queues one). When one is, or the token or the server's status no longer holds, the full path
   * runs.
   */
  private storeSteadyState(caller: PluginCaller, input: HeartbeatInput, now: Date): Promise<boolean> {
    return this.steady.store({
      token: caller.token,
      status: statusOf(input),
      playerCount: input.players.length,
      maxPlayers: input.maxPlayers,
      map: input.map ?? null,
      actualName: input.hostname ?? null,
      uptime: input.uptimeSeconds ?? null,
      at: this.em.getPlatform().processDateProperty(now) as Date | number,
    });
  }

  /**
   * The full heartbeat, in one transaction: the server's state, every reported player upserted,
   * players no longer listed closed and set offline, a kick queued for each banned player present,
   * and the commands to deliver. A player already here whose name, address, groups and status have not changed only
   * needs lastSeen moved, and only when it is LAST_SEEN_REFRESH_MS old: those (nearly everyone, in
   * a live network) are read as plain rows and share one UPDATE; only the others become entities.
   */
  private async fullHeartbeat(
    server: PluginServer,
    input: HeartbeatInput,
    now: Date,
  ): Promise<{ answer: HeartbeatResponse; settles: boolean }> {
    let settles = false;
    let moved: Omit<PlayersMovedEvent, 'networkId' | 'serverId'> = { joined: [], left: [] };
    const commands = await this.em.transactional(async (em) => {
      // A retried transaction starts over.
      moved = { joined: [], left: [] };
      const { networkId } = server;
      const steamIds = input.players.map((player) => player.steamId);
      // One statement at a time: a transaction holds one connection, which runs them in turn anyway.
      const roster = await readRoster(this.knexOf(em), server, steamIds, this.dbDate(em, now));
      const queued = await this.commands.openFor(em, server.id);
      const rowBySteamId = new Map(roster.map((row) => [row.steam_id, row]));
      const reportedIds = new Set(steamIds);
      const steady: string[] = [];
      const changing: HeartbeatPlayerInput[] = [];
      for (const reported of input.players) {
        const row = rowBySteamId.get(reported.steamId);
        if (!row || !isSteady(row, reported, server.id)) changing.push(reported);
        else if (now.getTime() - new Date(row.last_seen).getTime() >= LAST_SEEN_REFRESH_MS)
          steady.push(row.id);
      }
      if (steady.length) await em.nativeUpdate(PlayerRecord, { id: { $in: steady } }, { lastSeen: now });

      // Everyone else goes through entities: players who arrive or change, and those who left.
      const leavingIds = roster
        .filter((row) => row.current_server_id === server.id && !reportedIds.has(row.steam_id))
        .map((row) => row.id);
      const loadIds = [
        ...changing.flatMap((reported) => rowBySteamId.get(reported.steamId)?.id ?? []),
        ...leavingIds,
      ];
      // New players are inserted first, as an upsert (a concurrent heartbeat may add them too),
      // then loaded with the others.
      const arriving = changing.filter((reported) => !rowBySteamId.has(reported.steamId));
      const created = await insertNewPlayers(this.knexOf(em), networkId, arriving, now, (date) =>
        this.dbDate(em, date),
      );
      const loaded =
        loadIds.length || arriving.length
          ? await em.find(PlayerRecord, {
              $or: [
                { id: { $in: loadIds } },
                { networkId, steamId: { $in: arriving.map((reported) => reported.steamId) } },
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
      const bans = await holdingBans(em, {
        networkId,
        serverId: server.id,
        steamIds: flagged.map((row) => row.steam_id),
        at: now,
      });
      const bySteamId = new Map(known.map((player) => [player.steamId, player]));
      const openSessionHere = new Map(open.map((session) => [session.playerId, session]));

      const joining: PlayerRecord[] = [];
      for (const reported of changing) {
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
        player.status = bans.has(reported.steamId) ? 'banned' : 'online';
        if (player.currentServerId !== server.id || !openSessionHere.has(player.id)) {
          joining.push(player);
          moved.joined.push({ steamId: player.steamId, name: reported.name });
        }
        player.currentServerId = server.id;
        player.lastServerId = server.id;
        if (reported.ip && reported.ip !== player.lastIp) {
          player.lastIp = reported.ip;
          if (!joining.includes(player)) joining.push(player);
        }
      }
      await this.startSessions(em, server, joining, input, now);

      // Last seen at this server's previous heartbeat (their stored lastSeen may be up to
      // LAST_SEEN_REFRESH_MS older).
      const previous = server.lastSeenAt ?? now;
      for (const player of leaving) {
        moved.left.push(player.steamId);
        if (previous > player.lastSeen) player.lastSeen = previous;
        player.currentServerId = null;
        if (player.status === 'online') player.status = 'offline';
      }
      for (const session of open)
        if (leavingIds.includes(session.playerId))
          closeSession(session, leaving.find((p) => p.id === session.playerId) ?? null, now);

      const kicks = this.kickBanned(em, server, input, bans, queued, now);
      await em.nativeUpdate(GameServer, { id: server.id }, serverStateOf(server, input, now));
      const deliver = [...queued, ...kicks];
      await this.commands.markDelivered(em, queued, kicks, now);
      await em.flush();
      // The network's kept total, last: every server of the network adds to this one row, so its
      // lock is held only while the transaction commits (a network whose servers all report new
      // players at once, after a restart say, would otherwise take them one transaction at a time).
      if (created > 0)
        await this.knexOf(em)('networks').where('id', networkId).increment('player_count', created);
      // Every reported player is now stored as online here with an open session, none banned.
      settles = bans.size === 0 && deliver.length === 0;
      return deliver;
    });
    if (moved.joined.length || moved.left.length)
      this.events.emit('players.moved', { networkId: server.networkId, serverId: server.id, ...moved });
    return {
      answer: {
        commands: commands
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
          .map((command): PluginCommand => toPluginCommand(command)),
        nextHeartbeatSeconds: HEARTBEAT_INTERVAL_SECONDS,
      },
      settles,
    };
  }

  /** Plain SQL in the transaction `em` runs. */
  private knexOf(em: EntityManager): Knex {
    const sql = sqlEm(em);
    return sql.getTransactionContext<Knex.Transaction>() ?? sql.getKnex();
  }

  /** A session for each player who just arrived here (closing one left open elsewhere) and their IP. */
  private async startSessions(
    em: EntityManager,
    server: PluginServer,
    joining: PlayerRecord[],
    input: HeartbeatInput,
    now: Date,
  ): Promise<void> {
    if (joining.length === 0) return;
    const ids = joining.map((player) => player.id);
    const elsewhere = await em.find(PlayerSession, { playerId: { $in: ids }, leftAt: null });
    const reportedBySteamId = new Map(input.players.map((player) => [player.steamId, player]));
    const seenAt: { playerId: string; ip: string }[] = [];
    const opening: Parameters<typeof openSessions>[1][number][] = [];
    for (const player of joining) {
      const reported = reportedBySteamId.get(player.steamId);
      const open = elsewhere.filter((session) => session.playerId === player.id);
      if (!open.some((session) => session.serverId === server.id)) {
        for (const session of open) closeSession(session, player, now);
        const connectedMs = Math.min((reported?.connectedSeconds ?? 0) * 1000, 24 * 3600 * 1000);
        opening.push({
          networkId: server.networkId,
          playerId: player.id,
          serverId: server.id,
          joinedAt: this.dbDate(em, new Date(now.getTime() - connectedMs)),
        });
      }
      if (reported?.ip) seenAt.push({ playerId: player.id, ip: reported.ip });
    }
    await openSessions(this.knexOf(em), opening);
    await upsertPlayerIps(this.knexOf(em), seenAt, this.dbDate(em, now));
  }

  private dbDate(em: EntityManager, date: Date): Date | number {
    return em.getPlatform().processDateProperty(date) as Date | number;
  }

  /** A banned player on this server gets a kick, unless one is already on its way. */
  private kickBanned(
    em: EntityManager,
    server: PluginServer,
    input: HeartbeatInput,
    bans: Map<string, { reason: string; expiresAt: Date | null }>,
    queued: CommandRecord[],
    now: Date,
  ): CommandRecord[] {
    const kicks: CommandRecord[] = [];
    for (const { steamId } of input.players) {
      const ban = bans.get(steamId);
      if (!ban) continue;
      if (
        queued.some(
          (c) =>
            'steamId' in c.payload &&
            c.payload.steamId === steamId &&
            (c.type === 'kick' || c.type === 'ban'),
        )
      )
        continue;
      kicks.push(
        this.commands.queue(em, {
          networkId: server.networkId,
          serverId: server.id,
          type: 'kick',
          payload: { steamId, reason: `Banned: ${ban.reason}` },
          createdAt: now,
        }),
      );
    }
    return kicks;
  }
}
