// The statements of a page of the players list (PlayersService.list), written as SQL text with its
// values in placeholder order, the same on SQLite and PostgreSQL. A page is a few statements sent
// on every visit of the list; putting them together with the query builder cost the route more
// CPU than running them (bench/players-query).
import type { PlayerSortColumn } from '@outpost/contracts';
import type { PlayersQueryInput } from '@outpost/validation';
import type { RawCondition } from './played-on-server';

/** One statement: its text with `?` placeholders, and its values in their order. */
export type Statement = { sql: string; values: unknown[] };

/** Writes one statement: `bind` answers a value's placeholder, or a condition's SQL, keeping their values in order. */
type Bind = (value: string | number | RawCondition) => string;
const statement = (write: (bind: Bind) => string): Statement => {
  const values: unknown[] = [];
  const sql = write((value) => {
    if (typeof value === 'object') {
      values.push(...value.bindings);
      return value.sql;
    }
    values.push(value);
    return '?';
  });
  return { sql, values };
};

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

/** The list's query, and the condition a server's list adds (its players), when it names one. */
export type PageQuery = PlayersQueryInput & { ofServer: RawCondition | null };

const orderOf = (query: PageQuery): 'asc' | 'desc' => (query.sortOrder === 'asc' ? 'asc' : 'desc');

/** The network's players, or those of the chosen server (see playedOnServer). */
const inScope = (query: PageQuery, bind: Bind): string =>
  `p.network_id = ${bind(query.networkId)}` + (query.ofServer ? ` and ${bind(query.ofServer)}` : '');

/**
 * The page in the list's order (the id breaks ties, so pages never overlap); `extra` rows past it
 * show whether another page follows.
 */
const pageOrder = (query: PageQuery, bind: Bind, extra = 0): string => {
  const order = orderOf(query);
  return `order by ${SORT_SQL[query.sortBy]} ${order}, p.id ${order} limit ${bind(query.limit + extra)} offset ${bind((query.page - 1) * query.limit)}`;
};

/** No search: the whole network's total as kept on the network (a server's counted), and the page. */
export const plainPageSql = (query: PageQuery): { count: Statement; page: Statement } => ({
  count: query.ofServer
    ? statement((bind) => `select count(*) as count from players as p where ${inScope(query, bind)}`)
    : statement((bind) => `select player_count as count from networks where id = ${bind(query.networkId)}`),
  page: statement(
    (bind) => `select p.* from players as p where ${inScope(query, bind)} ${pageOrder(query, bind)}`,
  ),
});

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);
/** `like` a pattern, `\` escaping its wildcards. */
const like = (bind: Bind, pattern: string): string => `like ${bind(pattern)} escape '\\'`;

/**
 * A search: one arm per way a player can match, each able to use its own index (prefix on steamId,
 * IPs and the lower-case name, trigram for the name anywhere), made disjoint so that UNION ALL
 * counts each player once without gathering every match to remove duplicates. Each arm reads at most
 * one row past the count's cap, which also makes the planner pick an index that streams over a
 * bitmap it must finish first; the prefix arms come first, so when they alone pass the cap (a name
 * or a steamId typed from its start, the usual search) the name's trigram scan never runs. Name
 * anywhere (any case) and steamId prefix for all; current or past IP prefix with `withIp`.
 * `count` counts the matches up to one past the cap; past it, `walk` reads the page by walking the
 * sort column's index and keeping the matches (one row more: whether a next page exists), else
 * `page` sorts the matches by the key each arm carried, and `byId` reads the page's rows.
 */
export const searchedPageSql = (query: PageQuery, search: string, withIp: boolean) => {
  const term = escapeLike(search);
  const lowerTerm = term.toLowerCase();
  const sort = SORT_SQL[query.sortBy];
  const namePrefix = (bind: Bind) => `lower(p.display_name) ${like(bind, `${lowerTerm}%`)}`;
  const name = (bind: Bind) => `lower(p.display_name) ${like(bind, `%${lowerTerm}%`)}`;
  const steam = (bind: Bind) => `p.steam_id ${like(bind, `${term}%`)}`;
  const lastIp = (bind: Bind) => `p.last_ip ${like(bind, `${term}%`)}`;
  // In a NOT, a player without an IP must count as not matching, not as unknown.
  const hadLastIp = (bind: Bind) => `coalesce(${lastIp(bind)}, false)`;
  const pastIp = (bind: Bind) =>
    `p.id in (select player_id from player_ips where ip ${like(bind, `${term}%`)})`;
  const ways: ((bind: Bind) => string)[] = withIp
    ? [
        (bind) => steam(bind),
        (bind) => `${lastIp(bind)} and not (${steam(bind)})`,
        (bind) => `${pastIp(bind)} and not (${steam(bind)} or ${hadLastIp(bind)})`,
        (bind) => `${namePrefix(bind)} and not (${steam(bind)} or ${hadLastIp(bind)} or ${pastIp(bind)})`,
        (bind) =>
          `${name(bind)} and not (${namePrefix(bind)} or ${steam(bind)} or ${hadLastIp(bind)} or ${pastIp(bind)})`,
      ]
    : [
        (bind) => steam(bind),
        (bind) => `${namePrefix(bind)} and not (${steam(bind)})`,
        (bind) => `${name(bind)} and not (${namePrefix(bind)} or ${steam(bind)})`,
      ];
  // A subquery each, as SQLite allows no LIMIT (nor parentheses) on the parts of a UNION.
  const matches = (bind: Bind) =>
    ways
      .map(
        (way, i) =>
          `select * from (select p.id, ${sort} as k from players as p where ${inScope(query, bind)} and ${way(bind)} limit ${bind(COUNT_MATCHES_UP_TO + 1)}) as a${i}`,
      )
      .join(' union all ');
  const any = (bind: Bind) =>
    withIp
      ? `(${name(bind)} or ${steam(bind)} or ${lastIp(bind)} or ${pastIp(bind)})`
      : `(${name(bind)} or ${steam(bind)})`;
  const order = orderOf(query);
  return {
    count: statement(
      (bind) =>
        `select count(*) as count from (select m.id from (${matches(bind)}) as m limit ${bind(COUNT_MATCHES_UP_TO + 1)}) as c`,
    ),
    walk: statement(
      (bind) =>
        `select p.* from players as p where ${inScope(query, bind)} and ${any(bind)} ${pageOrder(query, bind, 1)}`,
    ),
    page: statement(
      (bind) =>
        `select m.id from (${matches(bind)}) as m order by k ${order}, id ${order} limit ${bind(query.limit)} offset ${bind((query.page - 1) * query.limit)}`,
    ),
    byId: (ids: string[]): Statement =>
      statement((bind) => `select * from players where id in (${ids.map(bind).join(', ')})`),
  };
};
