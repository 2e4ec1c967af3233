// The statements that read one page of the Logs timeline: newest first by (at, id), after the
// cursor, filtered by types and search. bench/logs-query measures them over 10 million events.
import type { Knex } from '@mikro-orm/knex';
import { LOG_TYPES, type LogType } from '@outpost/contracts';
import type { StoredDate } from '../../core/database';
import { searchPatternOf } from './search-text';
import { indexedPartOf, matchesOf, type SearchSample } from './search-sample';

/** Whose lines: one server's, or a whole network's. */
export type LogScope = { networkId: string; serverId?: string };

/** A page's filters, times already as the database stores them. */
export type TimelineQuery = {
  types?: readonly LogType[];
  search?: string;
  from?: Date | number;
  to?: Date | number;
  before?: { at: Date | number; id: string };
  /** Rows to read: the page and one more (which tells that an older page exists). */
  rows: number;
};

export type EventRow = {
  id: string;
  server_id: string;
  type: string;
  steam_id: string | null;
  target_steam_id: string | null;
  payload: string | Record<string, unknown>;
  at: StoredDate;
};

export const COLUMNS = ['id', 'server_id', 'type', 'steam_id', 'target_steam_id', 'payload', 'at'];

/**
 * On PostgreSQL a search first reads this many of the newest rows of the scope (by the (scope,
 * at, id) index: a few milliseconds), which hold a page whenever the matches are common.
 */
export const NEWEST_ROWS = 2_000;
/** At most this many more rows are walked when matches are not rare (see searched). */
const MORE_ROWS = 80_000;
/** First rows holding this many matches tell how common they are near the page. */
const MORE_AFTER = 4;
/** Matches in the whole timeline the trigram indexes read faster than a walk finds a page. */
export const INDEX_MATCHES = 5_000;

const newestFirst = <T extends Knex.QueryBuilder>(query: T): T =>
  query.orderBy([
    { column: 'at', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]) as T;

/** The scope's rows in the page's time range, after the cursor. */
const scoped = (knex: Knex, scope: LogScope, query: TimelineQuery): Knex.QueryBuilder => {
  const rows = knex('server_events');
  if (scope.serverId) void rows.where('server_id', scope.serverId);
  else void rows.where('network_id', scope.networkId);
  if (query.from !== undefined) void rows.where('at', '>=', query.from);
  if (query.to !== undefined) void rows.where('at', '<=', query.to);
  if (query.before) void rows.whereRaw('(at, id) < (?, ?)', [query.before.at, query.before.id]);
  return rows;
};

/** A type filter that leaves some type out (all of them need no condition). */
const someTypes = (query: TimelineQuery): readonly LogType[] | undefined =>
  query.types && query.types.length < LOG_TYPES.length ? query.types : undefined;

const searchLike = "search_text like ? escape '\\'";

/** The types and search conditions, on rows of server_events or of a subquery of them. */
const matching = (rows: Knex.QueryBuilder, query: TimelineQuery): Knex.QueryBuilder => {
  const types = someTypes(query);
  if (types) void rows.whereIn('type', types);
  if (query.search) void rows.whereRaw(searchLike, [searchPatternOf(query.search)]);
  return rows;
};

/**
 * The database the statements are for. PostgreSQL: `sample` answers the sample of lines a search
 * decides by (search-sample.ts); `newestRows` and `indexMatches` are NEWEST_ROWS and
 * INDEX_MATCHES unless a test moves them.
 */
export type TimelineDatabase =
  | { postgres: false }
  | { postgres: true; sample: () => Promise<SearchSample>; newestRows?: number; indexMatches?: number };

/**
 * One page of rows, newest first. SQLite: one statement (it needs no more at its sizes).
 * PostgreSQL: see ofTypes and searched.
 */
export const timelineRows = async (
  knex: Knex,
  database: TimelineDatabase,
  scope: LogScope,
  query: TimelineQuery,
): Promise<EventRow[]> => {
  if (database.postgres && query.search) return searched(knex, scope, query, database);
  const types = someTypes(query);
  if (database.postgres && types) return ofTypes(knex, scope, query, types);
  return newestFirst(matching(scoped(knex, scope, query).select(COLUMNS), query)).limit(query.rows);
};

/**
 * PostgreSQL, some types and no search: a page per type from the (scope, type, at) indexes, and
 * the newest of them. A single walk of the scope's newest rows keeping the types would read
 * hundreds of rows per line of a rare type (an F7 report is one line in several hundred).
 */
const ofTypes = async (
  knex: Knex,
  scope: LogScope,
  query: TimelineQuery,
  types: readonly LogType[],
): Promise<EventRow[]> => {
  const perType = types.map((type) =>
    newestFirst(scoped(knex, scope, query).select(COLUMNS).where('type', type)).limit(query.rows),
  );
  const union = knex.raw(perType.map(() => '?').join(' union all '), perType);
  return newestFirst(knex.select(COLUMNS).from(knex.raw('(?) as typed', [union]))).limit(query.rows);
};

type Boundary = { at: StoredDate; id: string };

/**
 * PostgreSQL, a search. The planner cannot know how rare the matches of a term within the asked
 * types are, and when it guesses them common it walks the whole timeline looking for them
 * (seconds at millions of lines). So here the walk is bounded and the rarity measured:
 * 1. the newest `newestRows` rows of the scope;
 * 2. when they hold less than the page and a sample of the lines says that the term matches many
 *    (search-sample.ts), on up to MORE_ROWS rows, if the share of matches in the first rows or
 *    else in the sample says half of that holds the page: the trigram indexes read every match
 *    of the whole timeline before keeping the newest, a walk only those it passes;
 * 3. else, or when that still falls short, the trigram indexes of the asked types find the rest
 *    (a bitmap scan: with the walks turned off for that statement the planner can take nothing
 *    else), asked for the term's rarest part (search-sample.ts).
 * The lines are those of the single statement, in the same order.
 */
const searched = async (
  knex: Knex,
  scope: LogScope,
  query: TimelineQuery,
  { sample, newestRows = NEWEST_ROWS, indexMatches = INDEX_MATCHES }: TimelineDatabase & { postgres: true },
): Promise<EventRow[]> => {
  const rows = (db: Knex, after?: Boundary) => {
    const found = scoped(db, scope, query);
    if (after) void found.whereRaw('(at, id) < (?, ?)', [after.at, after.id]);
    return found;
  };
  const walk = async (window: number, wanted: number, after?: Boundary) =>
    (await newestFirst(
      matching(
        knex.select(COLUMNS).from(
          newestFirst(rows(knex, after).select([...COLUMNS, 'search_text']))
            .limit(window)
            .as('newest'),
        ),
        query,
      ),
    ).limit(wanted)) as EventRow[];
  /**
   * A statement that reads without bound, planned without workers or JIT compiling (they cost
   * more to start than it takes; the planner's guess of a rare term's matches can be millions),
   * and with `settings` too.
   */
  const unbounded = (
    settings: Record<string, string>,
    read: (trx: Knex.Transaction) => Promise<EventRow[]>,
  ): Promise<EventRow[]> =>
    knex.transaction(async (trx) => {
      const all = Object.entries({ max_parallel_workers_per_gather: '0', jit: 'off', ...settings });
      await trx.raw(`select ${all.map(() => 'set_config(?, ?, true)').join(', ')}`, all.flat());
      return read(trx);
    });

  const first = await walk(newestRows, query.rows);
  if (first.length === query.rows) return first;
  const [boundary] = (await newestFirst(rows(knex).select('at', 'id'))
    .offset(newestRows - 1)
    .limit(1)) as Boundary[];
  if (!boundary) return first;
  const wanted = query.rows - first.length;
  const term = query.search!.toLowerCase();
  const types = someTypes(query);
  const lines = await sample();
  const matches = matchesOf(lines, term, types);
  if (matches === null || matches > indexMatches) {
    // How common matches are: near the page when the first rows had a few, else in the sample.
    const share = first.length >= MORE_AFTER ? first.length / newestRows : matches && matches / lines.rows;
    // The walk stops at the page's last match: twice the rows it seems to need are a bound, not a cost.
    if (share && wanted / share <= MORE_ROWS / 2) {
      const next = await walk(MORE_ROWS, wanted, boundary);
      if (next.length === wanted) return [...first, ...next];
    }
  }
  const part = indexedPartOf(term, lines);
  const older = await (part === null
    ? // No trigram to look up (a term of one or two letters): only a walk can find it.
      unbounded({}, async (trx) =>
        newestFirst(matching(rows(trx, boundary).select(COLUMNS), query)).limit(wanted),
      )
    : // With walks and sequential scans off, the planner has the trigram indexes left.
      unbounded({ enable_seqscan: 'off', enable_indexscan: 'off' }, async (trx) =>
        newestFirst(
          rows(trx, boundary)
            .select(COLUMNS)
            // One arm per type, so that each reads the partial index of its type.
            .where((arms) => {
              for (const type of types ?? LOG_TYPES)
                void arms.orWhere((arm) => {
                  void arm.where('type', type).whereRaw(searchLike, [searchPatternOf(part)]);
                  if (part !== term) void arm.whereRaw('strpos(search_text, ?) > 0', [term]);
                });
            }),
        ).limit(wanted),
      ));
  return [...first, ...older];
};
