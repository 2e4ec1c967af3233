import { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import { Injectable } from '@nestjs/common';
import { can, type PlayerProfile, type PlayerSortColumn, type PlayersListResponse } from '@outpost/contracts';
import type { PlayersQueryInput } from '@outpost/validation';
import type { GrantedAccess } from '../../core/auth';
import { sqlEm } from '../../core/database';
import { ServerEvent } from '../logs';
import { GameServer } from '../servers';
import {
  toActivityDto,
  toChatDto,
  toPlayerDto,
  playerFieldsOf,
  toSessionDto,
  type OpenSessions,
  type PlayerFields,
  type ServerNames,
} from './player-dto';
import { PlayerIp, PlayerRecord, PlayerSession } from './player.entity';
import { notesOf } from './player-notes';
import { PlayerPunishments } from './player-punishments.port';
import { playerErrors } from './players.errors';
import { playedOnServer, type RawCondition } from './played-on-server';

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

/**
 * Search matches are counted, and sorted as a set, up to this many. Past it the count stops (the
 * total is then a lower bound: counting a million matches takes far longer than the page) and
 * the page is read by walking the sort column's index.
 */
export const COUNT_MATCHES_UP_TO = 1_000;

type Page = { totalCount: number; rows: Record<string, unknown>[]; capped?: boolean };

const sortOrderOf = (query: PlayersQueryInput): 'asc' | 'desc' =>
  query.sortOrder === 'asc' ? 'asc' : 'desc';
const offsetOf = (query: PlayersQueryInput): number => (query.page - 1) * query.limit;

/** The network's players, or those of the chosen server (see playedOnServer). */
const inScope = (
  builder: Knex.QueryBuilder,
  query: PlayersQueryInput,
  ofServer: (networkId: string, serverId: string) => RawCondition,
): Knex.QueryBuilder => {
  void builder.where('p.network_id', query.networkId);
  if (query.serverId) {
    const { sql, bindings } = ofServer(query.networkId, query.serverId);
    void builder.andWhereRaw(sql, bindings);
  }
  return builder;
};

/**
 * A page of rows in the list's order (the id breaks ties, so pages never overlap); `extra` rows
 * past it show whether another page follows.
 */
const pageOf = async (builder: Knex.QueryBuilder, query: PlayersQueryInput, extra = 0) => {
  const order = sortOrderOf(query);
  return (await builder
    .orderByRaw(`${SORT_SQL[query.sortBy]} ${order}, p.id ${order}`)
    .limit(query.limit + extra)
    .offset(offsetOf(query))) as Record<string, unknown>[];
};

const countOf = async (query: Knex.QueryBuilder): Promise<number> => {
  const [row] = (await query) as { count: string | number }[];
  return Number(row?.count ?? 0);
};

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const LIKE = "like ? escape '\\'";

@Injectable()
export class PlayersService {
  /** The condition a server's list adds (its players: sessions, punishments, reports there). */
  private readonly ofServer: ReturnType<typeof playedOnServer>;

  constructor(
    private readonly em: EntityManager,
    private readonly punishments: PlayerPunishments,
  ) {
    this.ofServer = playedOnServer(punishments.punishedOnServerSql());
  }

  /**
   * A page of the network's players. Search matches the name (anywhere, any case), the steamId
   * (prefix) and, for owners and admins only, a current or past IP (prefix).
   */
  async list(access: GrantedAccess, query: PlayersQueryInput): Promise<PlayersListResponse> {
    const withIp = can(access.role, 'players.viewIp');
    const page = query.search
      ? await this.searchedPage(query, query.search, withIp)
      : await this.plainPage(query);
    // A capped total fetched one row more than the page: whether a next page exists is exact.
    const hasMore = page.capped === true && page.rows.length > query.limit;
    const rows = hasMore ? page.rows.slice(0, query.limit) : page.rows;
    const players = rows.map(playerFieldsOf);
    const servers = await this.serverNames(players.map((player) => player.currentServerId));
    const open = await this.openSessions(players);
    const now = new Date();
    // The bans that hold now (punishments' rule), for the banned on this page only.
    const bans = await this.punishments.heldBans(this.em, {
      networkId: query.networkId,
      serverId: null,
      steamIds: players.filter((player) => player.status === 'banned').map((player) => player.steamId),
      at: now,
    });
    // Past 1,000 matches the total is a floor: the pages reach at least as far as rows were found.
    const reached = rows.length ? query.page + (hasMore ? 1 : 0) : 0;
    const totalPages = page.capped
      ? Math.max(Math.ceil(page.totalCount / query.limit), reached)
      : Math.ceil(page.totalCount / query.limit);
    return {
      players: players.map((player) => toPlayerDto(player, servers, withIp, open, now, bans)),
      totalCount: page.totalCount,
      totalCountCapped: page.capped === true,
      currentPage: query.page,
      totalPages,
      hasNextPage: page.capped ? hasMore : query.page < totalPages,
      hasPreviousPage: query.page > 1,
    };
  }

  /** No search: the page through the sort column's index; the network's kept total. */
  private async plainPage(query: PlayersQueryInput): Promise<Page> {
    const knex = sqlEm(this.em).getKnex();
    const filtered = inScope(knex('players as p'), query, this.ofServer);
    // The whole network's total is kept on the network as players arrive; a server's is counted.
    const totalCount = query.serverId
      ? await countOf(filtered.clone().count({ count: '*' }))
      : await countOf(knex('networks').where('id', query.networkId).select({ count: 'player_count' }));
    const rows = await pageOf(filtered.select('p.*'), query);
    return { totalCount, rows };
  }

  /**
   * One arm per way a player can match, each able to use its own index (prefix on steamId, IPs and
   * the lower-case name, trigram for the name anywhere), made disjoint so that UNION ALL counts each
   * player once without gathering every match to remove duplicates. Each arm reads at most one row
   * past the count's cap, which also makes the planner pick an index that streams over a bitmap it
   * must finish first; the prefix arms come first, so when they alone pass the cap (a name or a
   * steamId typed from its start, the usual search) the name's trigram scan never runs.
   */
  private async searchedPage(query: PlayersQueryInput, search: string, withIp: boolean): Promise<Page> {
    const knex = sqlEm(this.em).getKnex();
    const term = escapeLike(search);
    const lowerTerm = term.toLowerCase();
    const namePrefix = knex.raw(`lower(p.display_name) ${LIKE}`, [`${lowerTerm}%`]);
    const name = knex.raw(`lower(p.display_name) ${LIKE}`, [`%${lowerTerm}%`]);
    const steam = knex.raw(`p.steam_id ${LIKE}`, [`${term}%`]);
    const lastIp = knex.raw(`p.last_ip ${LIKE}`, [`${term}%`]);
    // In a NOT, a player without an IP must count as not matching, not as unknown.
    const hadLastIp = knex.raw(`coalesce(p.last_ip ${LIKE}, false)`, [`${term}%`]);
    const pastIp = knex('player_ips')
      .select('player_id')
      .whereRaw(`ip ${LIKE}`, [`${term}%`]);
    // A subquery each, as SQLite allows no LIMIT (nor parentheses) on the parts of a UNION.
    const arm = (matching: (builder: Knex.QueryBuilder) => Knex.QueryBuilder, index: number) =>
      knex.select('*').from(
        matching(inScope(knex('players as p'), query, this.ofServer))
          .select('p.id', knex.raw(`${SORT_SQL[query.sortBy]} as k`))
          .limit(COUNT_MATCHES_UP_TO + 1)
          .as(`a${index}`),
      );
    const ways: ((builder: Knex.QueryBuilder) => Knex.QueryBuilder)[] = withIp
      ? [
          (b) => b.whereRaw(steam),
          (b) => b.whereRaw(lastIp).whereNot((not) => void not.whereRaw(steam)),
          (b) => b.whereIn('p.id', pastIp).whereNot((not) => void not.whereRaw(steam).orWhereRaw(hadLastIp)),
          (b) =>
            b
              .whereRaw(namePrefix)
              .whereNot((not) => void not.whereRaw(steam).orWhereRaw(hadLastIp).orWhereIn('p.id', pastIp)),
          (b) =>
            b
              .whereRaw(name)
              .whereNot(
                (not) =>
                  void not
                    .whereRaw(namePrefix)
                    .orWhereRaw(steam)
                    .orWhereRaw(hadLastIp)
                    .orWhereIn('p.id', pastIp),
              ),
        ]
      : [
          (b) => b.whereRaw(steam),
          (b) => b.whereRaw(namePrefix).whereNot(steam),
          (b) => b.whereRaw(name).whereNot((not) => void not.whereRaw(namePrefix).orWhereRaw(steam)),
        ];
    const [first, ...others] = ways.map(arm);
    const matches = first.unionAll(others);
    const capped = knex
      .from(matches.clone().as('m'))
      .select('m.id')
      .limit(COUNT_MATCHES_UP_TO + 1);
    const counted = await countOf(knex.from(capped.as('c')).count({ count: '*' }));
    if (counted > COUNT_MATCHES_UP_TO) {
      // Many matches: walk the sort column's index and keep the matching players; they are dense
      // enough that a page is found after a short walk.
      const matching = inScope(knex('players as p'), query, this.ofServer).where((any) => {
        void any.whereRaw(name).orWhereRaw(steam);
        if (withIp) void any.orWhereRaw(lastIp).orWhereIn('p.id', pastIp);
      });
      return {
        totalCount: COUNT_MATCHES_UP_TO,
        capped: true,
        rows: await pageOf(matching.select('p.*'), query, 1),
      };
    }
    // Few matches: sort them by the key each arm carried, then read the page's rows by id.
    const order = sortOrderOf(query);
    const page = (await knex
      .from(matches.as('m'))
      .select('id')
      .orderByRaw(`k ${order}, id ${order}`)
      .limit(query.limit)
      .offset(offsetOf(query))) as { id: string }[];
    const found = (await knex('players').whereIn(
      'id',
      page.map((row) => row.id),
    )) as Record<string, unknown>[];
    const byId = new Map(found.map((row) => [row.id as string, row]));
    return {
      totalCount: counted,
      rows: page.map((row) => byId.get(row.id)).filter((row): row is Record<string, unknown> => !!row),
    };
  }

  /**
   * Everything the profile's tabs show, newest first; the IP history only for those who may see IPs,
   * the notes only for those who work reports or moderate players (both absent for the others).
   */
  async profile(access: GrantedAccess, steamId: string): Promise<PlayerProfile> {
    const { networkId } = access;
    const player = await this.em.findOne(PlayerRecord, { networkId, steamId });
    if (!player) throw playerErrors.notFound();
    const withIp = can(access.role, 'players.viewIp');
    const withNotes = can(access.role, 'reports.work') || can(access.role, 'players.moderate');
    const newest = { limit: PROFILE_LIMIT };
    const now = new Date();
    const [sessions, punishments, chat, activity, ips, notes] = await Promise.all([
      this.em.find(
        PlayerSession,
        { playerId: player.id },
        { ...newest, orderBy: { joinedAt: 'desc', id: 'desc' } },
      ),
      this.punishments.ofPlayer(this.em, player.id, now),
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
      withNotes ? notesOf(this.em, networkId, steamId) : null,
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
    const bans = await this.punishments.heldBans(this.em, {
      networkId,
      serverId: null,
      steamIds: [steamId],
      at: now,
    });
    return {
      player: toPlayerDto(
        player,
        servers,
        withIp,
        new Map(sessions.filter((s) => !s.leftAt).map((s) => [s.playerId, s.joinedAt])),
        now,
        bans,
      ),
      groups: player.groups,
      sessions: sessions.map((session) => toSessionDto(session, servers, now)),
      punishments: punishments.map((punishment) => ({
        ...punishment,
        serverName: punishment.serverId ? (servers.get(punishment.serverId) ?? null) : null,
      })),
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
      ...(notes ? { notes } : {}),
    };
  }

  /** The sessions the online ones among these players are in now (the open-sessions index). */
  private async openSessions(players: PlayerFields[]): Promise<OpenSessions> {
    const online = players.filter((player) => player.currentServerId).map((player) => player.id);
    if (online.length === 0) return new Map();
    const sessions = await this.em.find(
      PlayerSession,
      { playerId: { $in: online }, leftAt: null },
      { fields: ['playerId', 'joinedAt'] },
    );
    return new Map(sessions.map((session) => [session.playerId, session.joinedAt]));
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
