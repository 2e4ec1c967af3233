// A server's stored events as lines of the Logs timeline: the mapper, and the queries the logs
// routes and the live stream read them with.
import { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import { Injectable } from '@nestjs/common';
import { type LogEntry, type LogPlayer, type LogsResponse, type LogType } from '@outpost/contracts';
import { encodeLogCursor, type LogCursor } from '@outpost/validation';
import { sqlEm } from '../../core/database';
import type { ServerEvent } from './server-event.entity';
import { playerNamesOf } from './player-names';
import {
  COLUMNS,
  INDEX_MATCHES,
  NEWEST_ROWS,
  timelineRows,
  type EventRow,
  type LogScope,
  type TimelineDatabase,
} from './timeline-rows';
import { NO_SEARCH_SAMPLE, sampleLines, type SearchSample } from './search-sample';

/** How long a sample of lines is used before another is taken. */
const SAMPLE_MS = 60 * 60 * 1000;

export type { LogScope } from './timeline-rows';

/** What a line is made of (a ServerEvent is one). */
export type LogEvent = Pick<
  ServerEvent,
  'id' | 'serverId' | 'type' | 'steamId' | 'targetSteamId' | 'payload' | 'at'
>;

/** Player names of the event's network, by steamId. */
export type PlayerNames = ReadonlyMap<string, string>;

const textOr = <T>(value: unknown, fallback: T): string | T => (typeof value === 'string' ? value : fallback);

/**
 * The line of one stored event. A player's name is the one the network knows now, else the one
 * the event carried, else null; `viewIp` (players.viewIp) keeps a connect line's IP.
 */
export const toLogEntry = (
  event: LogEvent,
  names: PlayerNames,
  serverName: string,
  viewIp: boolean,
): LogEntry => {
  const payload = event.payload;
  const playerOf = (steamId: string | null, reported?: unknown): LogPlayer => ({
    steamId: steamId ?? '',
    name: (steamId !== null ? names.get(steamId) : undefined) ?? textOr(reported, null),
  });
  const base = { id: event.id, serverId: event.serverId, serverName, at: event.at.toISOString() };
  switch (event.type as LogType) {
    case 'chat':
      return {
        ...base,
        type: 'chat',
        player: playerOf(event.steamId, payload.name),
        channel: payload.channel === 'team' ? 'team' : 'global',
        message: textOr(payload.message, ''),
      };
    case 'connect': {
      const ip = viewIp ? textOr(payload.ip, '') : '';
      return {
        ...base,
        type: 'connect',
        player: playerOf(event.steamId, payload.name),
        ...(ip ? { ip } : {}),
      };
    }
    case 'disconnect':
      return {
        ...base,
        type: 'disconnect',
        player: playerOf(event.steamId),
        reason: textOr(payload.reason, null),
      };
    case 'kill':
      return {
        ...base,
        type: 'kill',
        player: playerOf(event.steamId),
        target: playerOf(event.targetSteamId),
        weapon: textOr(payload.weapon, null),
        distance: typeof payload.distance === 'number' ? payload.distance : null,
        headshot: typeof payload.headshot === 'boolean' ? payload.headshot : null,
      };
    case 'report':
      return {
        ...base,
        type: 'report',
        player: playerOf(event.steamId),
        target: playerOf(event.targetSteamId),
        subject: textOr(payload.subject, null),
        message: textOr(payload.message, ''),
      };
    default: {
      // console and log; a type a later protocol adds shows as a log line until it has its own.
      const level = payload.level === 'warning' || payload.level === 'error' ? payload.level : 'info';
      const type = event.type === 'console' ? 'console' : 'log';
      return { ...base, type, level, message: textOr(payload.message, '') };
    }
  }
};

/** A line as a member without players.viewIp sees it (for a line read with the IP). */
export const withoutIp = (entry: LogEntry): LogEntry => {
  if (entry.type !== 'connect' || entry.ip === undefined) return entry;
  const { ip: _ip, ...rest } = entry;
  return rest;
};

/** The filters of a page (libs/validation's logs query, parsed). */
export type LogFilters = {
  types?: LogType[];
  search?: string;
  from?: Date;
  to?: Date;
  before?: LogCursor;
  limit: number;
};

const eventOf = (row: EventRow): LogEvent => ({
  id: row.id,
  serverId: row.server_id,
  type: row.type,
  steamId: row.steam_id,
  targetSteamId: row.target_steam_id,
  payload:
    typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload,
  at: new Date(row.at),
});

/**
 * Reads the Logs timeline: pages for the routes, and single lines by id for the live stream.
 * Callers check access first; everything here is scoped by the network or server it is given.
 */
@Injectable()
export class LogEntriesQuery {
  /** How a search walks and when it asks the trigram indexes, on PostgreSQL (tests move them). */
  searchLimits = { newestRows: NEWEST_ROWS, indexMatches: INDEX_MATCHES };
  /** PostgreSQL: the sample of lines a search decides by (search-sample.ts), and when it was taken. */
  private sample: { lines: Promise<SearchSample>; taken: number } | null = null;

  constructor(private readonly em: EntityManager) {}

  /**
   * Newest first by (at, id), `limit` lines older than `before` (timelineRows: the keyset walks the
   * (server_id | network_id, at, id) index, a search is a LIKE on search_text, with the trigram
   * indexes on PostgreSQL). One row past the page tells whether an older page exists.
   */
  async page(scope: LogScope, filters: LogFilters, viewIp: boolean): Promise<LogsResponse> {
    const knex = this.knex();
    const postgres = (knex.client as { dialect: string }).dialect === 'postgresql';
    const database: TimelineDatabase = postgres
      ? { postgres, ...this.searchLimits, sample: () => this.searchSample(knex) }
      : { postgres };
    const rows = await timelineRows(knex, database, scope, {
      types: filters.types,
      search: filters.search,
      from: filters.from && this.stored(filters.from),
      to: filters.to && this.stored(filters.to),
      before: filters.before && { at: this.stored(filters.before.at), id: filters.before.id },
      rows: filters.limit + 1,
    });
    const events = rows.slice(0, filters.limit).map(eventOf);
    const entries = await this.entriesFrom(scope.networkId, events, viewIp);
    const last = events.at(-1);
    return {
      entries,
      nextCursor: rows.length > filters.limit && last ? encodeLogCursor({ at: last.at, id: last.id }) : null,
    };
  }

  /**
   * These stored events of the server as lines, newest first, with the IP of connect lines (strip
   * it with `withoutIp` for members without players.viewIp). Ids of other servers are ignored.
   */
  async entriesOf(serverId: string, eventIds: readonly string[]): Promise<LogEntry[]> {
    if (eventIds.length === 0) return [];
    const knex = this.knex();
    const [server] = (await knex('servers').select('network_id').where('id', serverId)) as {
      network_id: string;
    }[];
    if (!server) return [];
    const rows = (await knex('server_events')
      .select(COLUMNS)
      .where('server_id', serverId)
      .whereIn('id', [...new Set(eventIds)])
      .orderBy([
        { column: 'at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])) as EventRow[];
    return this.entriesFrom(server.network_id, rows.map(eventOf), true);
  }

  /** The lines of events of one network, with their players' and servers' names. */
  private async entriesFrom(networkId: string, events: LogEvent[], viewIp: boolean): Promise<LogEntry[]> {
    if (events.length === 0) return [];
    const knex = this.knex();
    const serverIds = [...new Set(events.map((event) => event.serverId))];
    const [names, servers] = await Promise.all([
      playerNamesOf(
        knex,
        networkId,
        events.flatMap((event) => [event.steamId, event.targetSteamId]),
      ),
      knex('servers').select('id', 'name').where('network_id', networkId).whereIn('id', serverIds),
    ]);
    const serverNames = new Map((servers as { id: string; name: string }[]).map((row) => [row.id, row.name]));
    return events.map((event) => toLogEntry(event, names, serverNames.get(event.serverId) ?? '', viewIp));
  }

  /**
   * The sample of lines: the first search that needs one waits for it (some 50 ms); an hour later
   * another is taken while searches go on with the one they have.
   */
  private searchSample(knex: Knex): Promise<SearchSample> {
    const current = this.sample;
    if (current && Date.now() - current.taken < SAMPLE_MS) return current.lines;
    const taking = sampleLines(knex).catch(() => NO_SEARCH_SAMPLE);
    if (!current) {
      this.sample = { lines: taking, taken: Date.now() };
      return taking;
    }
    // The previous one until the new one has come (one taken at a time).
    current.taken = Date.now();
    void taking.then((lines) => {
      this.sample = { lines: Promise.resolve(lines), taken: Date.now() };
    });
    return current.lines;
  }

  private knex(): Knex {
    return sqlEm(this.em).getKnex();
  }

  /** A time as the database stores it (SQLite: epoch milliseconds). */
  private stored(date: Date): Date | number {
    return this.em.getPlatform().processDateProperty(date) as Date | number;
  }
}
