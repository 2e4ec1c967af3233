import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { can, type PlayerProfile, type PlayerSortColumn, type PlayersListResponse } from '@outpost/contracts';
import type { PlayersQueryInput } from '@outpost/validation';
import { AccessService } from '../../core/access';
import type { AuthUser } from '../../core/auth';
import { DomainError } from '../../core/http';
import { sqlEm } from '../../core/database/sql';
import { ServerEvent } from '../plugin/server-event.entity';
import { GameServer } from '../servers/server.entity';
import {
  toActivityDto,
  toChatDto,
  toPlayerDto,
  toPunishmentDto,
  toSessionDto,
  type ServerNames,
} from './player-dto';
import { PlayerIp, PlayerRecord, PlayerSession } from './player.entity';
import { PunishmentRecord } from './punishment.entity';

export const PLAYER_NOT_FOUND_MESSAGE = 'Player not found';
export const NETWORK_ID_REQUIRED_MESSAGE = 'networkId is required';
const PROFILE_LIMIT = 100;

/** Each sortable column's SQL; the headshot percentage is computed like the DTO's. */
const SORT_SQL: Readonly<Record<PlayerSortColumn, string>> = {
  displayName: 'p.display_name',
  steamId: 'p.steam_id',
  status: 'p.status',
  playtime: 'p.playtime_minutes',
  totalKills: 'p.total_kills',
  totalDeaths: 'p.total_deaths',
  totalSessions: 'p.total_sessions',
  headshotPercentage: 'case when p.total_kills = 0 then 0 else p.headshots * 100.0 / p.total_kills end',
  lastSeen: 'p.last_seen',
  firstJoined: 'p.first_joined',
};

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const LIKE = "like ? escape '\\'";

@Injectable()
export class PlayersService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: AccessService,
  ) {}

  /**
   * A page of the network's players. Search matches the name (anywhere, any case), the steamId
   * (prefix) and, for owners and admins only, a current or past IP (prefix).
   */
  async list(user: AuthUser, query: PlayersQueryInput): Promise<PlayersListResponse> {
    const access = await this.access.require(user, 'network.view', query.networkId);
    const withIp = can(access.role, 'players.viewIp');
    const knex = sqlEm(this.em).getKnex();
    const filtered = knex('players as p').where('p.network_id', query.networkId);
    if (query.serverId) filtered.andWhere('p.last_server_id', query.serverId);
    if (query.search) {
      const term = escapeLike(query.search);
      // A union of id lookups, each able to use its own index (trigram on the name, prefix on
      // steamId and IPs), instead of one OR that would make the database read every player.
      const inNetwork = () => knex('players').select('id').where('network_id', query.networkId);
      const matches = inNetwork()
        .whereRaw(`lower(display_name) ${LIKE}`, [`%${term.toLowerCase()}%`])
        .union(inNetwork().whereRaw(`steam_id ${LIKE}`, [`${term}%`]));
      if (withIp)
        matches.union(
          inNetwork().whereRaw(`last_ip ${LIKE}`, [`${term}%`]),
          knex('player_ips as i')
            .select('i.player_id')
            .join('players as pi', 'pi.id', 'i.player_id')
            .where('pi.network_id', query.networkId)
            .andWhereRaw(`i.ip ${LIKE}`, [`${term}%`]),
        );
      filtered.whereIn('p.id', matches);
    }
    const order = query.sortOrder === 'asc' ? 'asc' : 'desc';
    const [countRow] = (await filtered.clone().count({ count: '*' })) as { count: string | number }[];
    const rows = (await filtered
      .select('p.*')
      .orderByRaw(`${SORT_SQL[query.sortBy]} ${order}, p.id ${order}`)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)) as Record<string, unknown>[];
    const players = rows.map((row) => this.em.map(PlayerRecord, row));
    const servers = await this.serverNames(players.map((player) => player.currentServerId));
    const totalCount = Number(countRow?.count ?? 0);
    const totalPages = Math.ceil(totalCount / query.limit);
    return {
      players: players.map((player) => toPlayerDto(player, servers, withIp)),
      totalCount,
      currentPage: query.page,
      totalPages,
      hasNextPage: query.page < totalPages,
      hasPreviousPage: query.page > 1,
    };
  }

  /** Everything the profile's tabs show, newest first; the IP history only for owners and admins. */
  async profile(user: AuthUser, steamId: string, networkId: string | undefined): Promise<PlayerProfile> {
    if (!networkId?.trim()) throw new DomainError('VALIDATION_FAILED', NETWORK_ID_REQUIRED_MESSAGE);
    const access = await this.access.require(user, 'network.view', networkId);
    const player = await this.em.findOne(PlayerRecord, { networkId, steamId });
    if (!player) throw new DomainError('NOT_FOUND', PLAYER_NOT_FOUND_MESSAGE);
    const withIp = can(access.role, 'players.viewIp');
    const newest = { limit: PROFILE_LIMIT };
    const [sessions, punishments, chat, activity, ips] = await Promise.all([
      this.em.find(
        PlayerSession,
        { playerId: player.id },
        { ...newest, orderBy: { joinedAt: 'desc', id: 'desc' } },
      ),
      this.em.find(PunishmentRecord, { playerId: player.id }, { orderBy: { issuedAt: 'desc', id: 'desc' } }),
      this.em.find(
        ServerEvent,
        { networkId, steamId, type: 'chat' },
        { ...newest, orderBy: { at: 'desc', id: 'desc' } },
      ),
      this.em.find(
        ServerEvent,
        {
          networkId,
          type: { $in: ['connect', 'disconnect', 'kill', 'report'] },
          $or: [{ steamId }, { targetSteamId: steamId }],
        },
        { ...newest, orderBy: { at: 'desc', id: 'desc' } },
      ),
      withIp ? this.em.find(PlayerIp, { playerId: player.id }, { orderBy: { lastSeen: 'desc' } }) : [],
    ]);
    const servers = await this.serverNames([
      player.currentServerId,
      ...sessions.map((s) => s.serverId),
      ...punishments.map((p) => p.serverId),
      ...chat.map((c) => c.serverId),
      ...activity.map((a) => a.serverId),
    ]);
    const names = await this.playerNames(networkId, [
      ...activity.flatMap((a) => [a.steamId, a.targetSteamId]),
    ]);
    const now = new Date();
    return {
      player: toPlayerDto(player, servers, withIp),
      groups: player.groups.length ? player.groups : ['default'],
      sessions: sessions.map((session) => toSessionDto(session, servers, now)),
      punishments: punishments.map((punishment) => toPunishmentDto(punishment, servers, now)),
      chat: chat.map((message) => toChatDto(message, servers)),
      activity: activity.map((event) => toActivityDto(event, steamId, servers, names)),
      ...(withIp
        ? {
            ipHistory: ips.map((ip) => ({
              ip: ip.ip,
              firstSeen: ip.firstSeen.toISOString(),
              // The current IP is seen with every heartbeat; its row is written on joins only.
              lastSeen: (ip.ip === player.lastIp ? player.lastSeen : ip.lastSeen).toISOString(),
            })),
          }
        : {}),
    };
  }

  private async serverNames(ids: (string | null)[]): Promise<ServerNames> {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    if (wanted.length === 0) return new Map();
    const servers = await this.em.find(GameServer, { id: { $in: wanted } }, { fields: ['id', 'name'] });
    return new Map(servers.map((server) => [server.id, server.name]));
  }

  private async playerNames(networkId: string, steamIds: (string | null)[]): Promise<Map<string, string>> {
    const wanted = [...new Set(steamIds.filter((id): id is string => !!id))];
    if (wanted.length === 0) return new Map();
    const players = await this.em.find(
      PlayerRecord,
      { networkId, steamId: { $in: wanted } },
      { fields: ['steamId', 'displayName'] },
    );
    return new Map(players.map((player) => [player.steamId, player.displayName]));
  }
}
