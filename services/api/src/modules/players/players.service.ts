import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { can, type PlayerProfile, type PlayersListResponse } from '@outpost/contracts';
import type { PlayersQueryInput } from '@outpost/validation';
import type { GrantedAccess } from '../../core/auth';
import { boundRows, placeholders, type StoredDate } from '../../core/database';
import { ServerEvent } from '../logs';
import { serverNames } from '../servers';
import {
  toActivityDto,
  toChatDto,
  toPlayerDto,
  playerFieldsOf,
  toSessionDto,
  type OpenSessions,
  type PlayerFields,
} from './player-dto';
import { PlayerIp, PlayerRecord, PlayerSession } from './player.entity';
import { notesOf } from './player-notes';
import { PlayerPunishments } from './player-punishments.port';
import { playerErrors } from './players.errors';
import { playedOnServer } from './played-on-server';
import {
  COUNT_MATCHES_UP_TO,
  plainPageSql,
  searchedPageSql,
  type PageQuery,
  type Statement,
} from './players-page-sql';

const PROFILE_LIMIT = 100;

type Row = Record<string, unknown>;
type Page = { totalCount: number; rows: Row[]; capped?: boolean };

/** The statement's rows, its values bound. */
const rowsOf = (em: EntityManager, { sql, values }: Statement): Promise<Row[]> =>
  boundRows<Row>(em, sql, values);

const countOf = async (em: EntityManager, count: Statement): Promise<number> => {
  const [row] = await rowsOf(em, count);
  return Number(row?.count ?? 0);
};

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
    const scoped: PageQuery = {
      ...query,
      ofServer: query.serverId ? this.ofServer(query.networkId, query.serverId) : null,
    };
    const page = query.search
      ? await this.searchedPage(scoped, query.search, withIp)
      : await this.plainPage(scoped);
    // A capped total fetched one row more than the page: whether a next page exists is exact.
    const hasMore = page.capped === true && page.rows.length > query.limit;
    const rows = hasMore ? page.rows.slice(0, query.limit) : page.rows;
    const players = rows.map(playerFieldsOf);
    const servers = await serverNames(
      this.em,
      players.flatMap((player) => (player.currentServerId ? [player.currentServerId] : [])),
    );
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
  private async plainPage(query: PageQuery): Promise<Page> {
    const { count, page } = plainPageSql(query);
    return { totalCount: await countOf(this.em, count), rows: await rowsOf(this.em, page) };
  }

  /** A search (see searchedPageSql): up to 1,000 matches sorted as a set, past them an index walk. */
  private async searchedPage(query: PageQuery, search: string, withIp: boolean): Promise<Page> {
    const statements = searchedPageSql(query, search, withIp);
    const counted = await countOf(this.em, statements.count);
    // Many matches: they are dense enough that a page is found after a short walk.
    if (counted > COUNT_MATCHES_UP_TO)
      return { totalCount: COUNT_MATCHES_UP_TO, capped: true, rows: await rowsOf(this.em, statements.walk) };
    // Few matches: sorted by the key each arm carried, then the page's rows read by id.
    const ids = (await rowsOf(this.em, statements.page)).map((row) => row.id as string);
    const found = ids.length ? await rowsOf(this.em, statements.byId(ids)) : [];
    const byId = new Map(found.map((row) => [row.id as string, row]));
    return { totalCount: counted, rows: ids.map((id) => byId.get(id)).filter((row): row is Row => !!row) };
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
    const servers = await serverNames(
      this.em,
      [
        player.currentServerId,
        ...sessions.map((s) => s.serverId),
        ...punishments.map((p) => p.serverId),
        ...chat.map((c) => c.serverId),
        ...activity.map((a) => a.serverId),
      ].filter((id): id is string => !!id),
    );
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

  /**
   * The sessions the online ones among these players are in now (the open-sessions index), read on
   * every page of the list: a plain statement on the driver, as the page's own (boundRows).
   */
  private async openSessions(players: PlayerFields[]): Promise<OpenSessions> {
    const online = players.filter((player) => player.currentServerId).map((player) => player.id);
    if (online.length === 0) return new Map();
    const sessions = await boundRows<{ player_id: string; joined_at: StoredDate }>(
      this.em,
      `select player_id, joined_at from player_sessions where player_id in (${placeholders(online)}) and left_at is null`,
      online,
    );
    return new Map(sessions.map((session) => [session.player_id, new Date(session.joined_at)]));
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
