import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { PlayerIp, PlayerRecord, PlayerSession } from '../players/player.entity';
import { activeBansOf, closeSession } from '../players/player-state';
import { GameServer } from '../servers/server.entity';
import { PluginCommand, type PluginCommandPayload, type PluginCommandType } from './plugin-command.entity';
import { PluginClock } from './plugin-clock';
import { HEARTBEAT_INTERVAL_SECONDS, type HeartbeatInput, type HeartbeatPlayerInput } from './plugin-schemas';

/** A command as the plugin receives it. Delivered again in every answer until its result comes. */
export type PluginCommandDto = { id: string; type: PluginCommandType } & PluginCommandPayload;

export type HeartbeatResponse = { commands: PluginCommandDto[]; nextHeartbeatSeconds: number };

const OPEN_COMMAND = ['pending', 'delivered'] as const;

const groupsOf = (player: HeartbeatPlayerInput): string[] | undefined =>
  player.groups ? [...new Set(player.groups.map((group) => group.toLowerCase()))] : undefined;

@Injectable()
export class HeartbeatService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: PluginClock,
  ) {}

  /**
   * One transaction: the server's state, every reported player upserted (a handful of batched
   * statements whatever the player count), players no longer listed closed and set offline, a
   * kick queued for each banned player present, and the commands to deliver.
   */
  async heartbeat(server: GameServer, input: HeartbeatInput): Promise<HeartbeatResponse> {
    const now = this.clock.now();
    const commands = await this.em.transactional(async (em) => {
      const { networkId } = server;
      const steamIds = input.players.map((player) => player.steamId);
      const [known, leaving, open, bans, queued] = await Promise.all([
        steamIds.length ? em.find(PlayerRecord, { networkId, steamId: { $in: steamIds } }) : [],
        em.find(PlayerRecord, {
          networkId,
          currentServerId: server.id,
          ...(steamIds.length ? { steamId: { $nin: steamIds } } : {}),
        }),
        em.find(PlayerSession, { networkId, serverId: server.id, leftAt: null }),
        activeBansOf(em, networkId, steamIds, now),
        em.find(PluginCommand, { serverId: server.id, status: { $in: [...OPEN_COMMAND] } }),
      ]);
      const bySteamId = new Map(known.map((player) => [player.steamId, player]));
      const openHere = new Map(open.map((session) => [session.playerId, session]));

      const joining: PlayerRecord[] = [];
      for (const reported of input.players) {
        let player = bySteamId.get(reported.steamId);
        if (!player) {
          player = em.create(PlayerRecord, {
            networkId,
            steamId: reported.steamId,
            displayName: reported.name,
            firstJoined: new Date(now.getTime() - (reported.connectedSeconds ?? 0) * 1000),
            lastSeen: now,
          });
        }
        const groups = groupsOf(reported);
        if (groups) {
          player.groups = groups;
          player.isAdmin = groups.includes('admin');
          player.isModerator = groups.includes('moderator');
        }
        player.displayName = reported.name;
        player.lastSeen = now;
        player.status = bans.has(reported.steamId) ? 'banned' : 'online';
        if (player.currentServerId !== server.id || !openHere.has(player.id)) joining.push(player);
        player.currentServerId = server.id;
        player.lastServerId = server.id;
        if (reported.ip && reported.ip !== player.lastIp) {
          player.lastIp = reported.ip;
          if (!joining.includes(player)) joining.push(player);
        }
      }
      // New players first: sessions and IPs reference them, and no ORM relation orders the inserts.
      if (input.players.length > known.length) await em.flush();
      await this.startSessions(em, server, joining, input, now);

      const leavingIds = new Set(leaving.map((player) => player.id));
      for (const player of leaving) {
        player.currentServerId = null;
        if (player.status === 'online') player.status = 'offline';
      }
      for (const session of open)
        if (leavingIds.has(session.playerId))
          closeSession(session, leaving.find((p) => p.id === session.playerId) ?? null, now);

      const kicks = this.kickBanned(em, server, input, bans, queued, now);
      await em.nativeUpdate(
        GameServer,
        { id: server.id },
        {
          status: input.starting ? 'starting' : 'online',
          playerCount: input.players.length,
          maxPlayers: input.maxPlayers,
          map: input.map ?? server.map,
          actualName: input.hostname ?? server.actualName,
          uptime: input.uptimeSeconds ?? server.uptime,
          lastSeenAt: now,
        },
      );
      const deliver = [...queued, ...kicks];
      for (const command of deliver)
        if (command.status === 'pending') {
          command.status = 'delivered';
          command.deliveredAt = now;
        }
      await em.flush();
      return deliver;
    });
    return {
      commands: commands
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map((command) => ({ id: command.id, type: command.type, ...command.payload })),
      nextHeartbeatSeconds: HEARTBEAT_INTERVAL_SECONDS,
    };
  }

  /** A session for each player who just arrived here (closing one left open elsewhere) and their IP. */
  private async startSessions(
    em: EntityManager,
    server: GameServer,
    joining: PlayerRecord[],
    input: HeartbeatInput,
    now: Date,
  ): Promise<void> {
    if (joining.length === 0) return;
    const ids = joining.map((player) => player.id);
    const [elsewhere, ips] = await Promise.all([
      em.find(PlayerSession, { playerId: { $in: ids }, leftAt: null }),
      em.find(PlayerIp, { playerId: { $in: ids } }),
    ]);
    const reportedBySteamId = new Map(input.players.map((player) => [player.steamId, player]));
    for (const player of joining) {
      const reported = reportedBySteamId.get(player.steamId);
      const open = elsewhere.filter((session) => session.playerId === player.id);
      if (!open.some((session) => session.serverId === server.id)) {
        for (const session of open) closeSession(session, player, now);
        const connectedMs = Math.min((reported?.connectedSeconds ?? 0) * 1000, 24 * 3600 * 1000);
        em.create(PlayerSession, {
          networkId: server.networkId,
          playerId: player.id,
          serverId: server.id,
          joinedAt: new Date(now.getTime() - connectedMs),
        });
        player.totalSessions += 1;
      }
      if (!reported?.ip) continue;
      const known = ips.find((record) => record.playerId === player.id && record.ip === reported.ip);
      if (known) known.lastSeen = now;
      else em.create(PlayerIp, { playerId: player.id, ip: reported.ip, firstSeen: now, lastSeen: now });
    }
  }

  /** A banned player on this server gets a kick, unless one is already on its way. */
  private kickBanned(
    em: EntityManager,
    server: GameServer,
    input: HeartbeatInput,
    bans: Map<string, { reason: string; expiresAt: Date | null }>,
    queued: PluginCommand[],
    now: Date,
  ): PluginCommand[] {
    const kicks: PluginCommand[] = [];
    for (const { steamId } of input.players) {
      const ban = bans.get(steamId);
      if (!ban) continue;
      if (queued.some((c) => c.payload.steamId === steamId && (c.type === 'kick' || c.type === 'ban')))
        continue;
      kicks.push(
        em.create(PluginCommand, {
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
