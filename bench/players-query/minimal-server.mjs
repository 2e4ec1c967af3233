// The second baseline of bench/players-query: a minimal server, plain node:http and the pg package
// (no framework, no sign-in or access check, no validation library), answering
// GET /players?networkId=&search=&sortBy=&sortOrder=&page=&limit= with the statements the panel
// sends for that request (list-sql.mjs) and the page as the panel's JSON: the players as an owner
// sees them (services/api/src/modules/players/player-dto.ts), in the panel's { success, data }.
// Its pool holds as many connections as the panel's (10). Run as a child process on DATABASE_URL;
// sends its port over IPC.
import { createServer } from 'node:http';
import { DEFAULT_PLAYER_SORT, PLAYERS_PAGE_SIZE } from '@outpost/contracts';
import pg from 'pg';
import { listPage } from './list-sql.mjs';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const inList = (values, from = 1) => values.map((_, i) => `$${i + from}`).join(', ');

/** The page's servers' names, its online players' open sessions and its banned players' bans. */
const extrasOf = async (networkId, rows, now) => {
  const serverIds = [...new Set(rows.map((row) => row.current_server_id).filter(Boolean))];
  const servers = serverIds.length
    ? (await pool.query(`select id, name from servers where id in (${inList(serverIds)})`, serverIds)).rows
    : [];
  const online = rows.filter((row) => row.current_server_id).map((row) => row.id);
  const open = online.length
    ? (
        await pool.query(
          `select player_id, joined_at from player_sessions where player_id in (${inList(online)}) and left_at is null`,
          online,
        )
      ).rows
    : [];
  const banned = [...new Set(rows.filter((row) => row.status === 'banned').map((row) => row.steam_id))];
  // The bans that hold now (punishments/ban-rule.ts), the newest per player first.
  const bans = banned.length
    ? (
        await pool.query(
          `select steam_id, reason, expires_at, scope from punishments as b
           where b.network_id = $1 and b.steam_id in (${inList(banned, 3)}) and b.type = 'ban'
             and b.lifted_at is null and (b.expires_at is null or b.expires_at > $2)
           order by b.issued_at desc, b.id desc`,
          [networkId, now, ...banned],
        )
      ).rows.reverse()
    : [];
  return {
    servers: new Map(servers.map((server) => [server.id, server.name])),
    open: new Map(open.map((session) => [session.player_id, session.joined_at])),
    bans: new Map(bans.map((ban) => [ban.steam_id, ban])),
  };
};

const minutesSince = (start, now) => (start ? Math.max(0, Math.floor((now - start) / 60_000)) : 0);

/** A players row as the list's entry (toPlayerDto, with the IP). */
const playerOf = (row, { servers, open, bans }, now) => {
  const kills = Number(row.total_kills);
  const ban = bans.get(row.steam_id);
  return {
    id: row.id,
    steamId: row.steam_id,
    displayName: row.display_name,
    status: row.status,
    playtime: Number(row.playtime_minutes) + minutesSince(open.get(row.id), now),
    totalKills: kills,
    totalDeaths: Number(row.total_deaths),
    lastSeen: new Date(row.last_seen).toISOString(),
    firstJoined: new Date(row.first_joined).toISOString(),
    totalSessions: Number(row.total_sessions),
    headshotPercentage: kills === 0 ? 0 : Math.round((Number(row.headshots) / kills) * 1000) / 10,
    isAdmin: Boolean(row.is_admin),
    isModerator: Boolean(row.is_moderator),
    currentServer: row.current_server_id ? (servers.get(row.current_server_id) ?? null) : null,
    serverId: row.current_server_id ?? null,
    ipAddress: row.last_ip ?? null,
    ban: ban
      ? {
          reason: ban.reason,
          expiresAt: ban.expires_at?.toISOString() ?? null,
          timeLeftSeconds: ban.expires_at ? Math.max(0, Math.floor((ban.expires_at - now) / 1000)) : null,
          scope: ban.scope,
        }
      : null,
  };
};

/** The list's answer (PlayersService.list): the page and where it stands among the matches. */
const list = async (query) => {
  const page = await listPage(pool, query);
  const hasMore = page.capped === true && page.rows.length > query.limit;
  const rows = hasMore ? page.rows.slice(0, query.limit) : page.rows;
  const now = new Date();
  const extras = await extrasOf(query.networkId, rows, now);
  const reached = rows.length ? query.page + (hasMore ? 1 : 0) : 0;
  const pages = Math.ceil(page.totalCount / query.limit);
  const totalPages = page.capped ? Math.max(pages, reached) : pages;
  return {
    players: rows.map((row) => playerOf(row, extras, now)),
    totalCount: page.totalCount,
    totalCountCapped: page.capped === true,
    currentPage: query.page,
    totalPages,
    hasNextPage: page.capped ? hasMore : query.page < totalPages,
    hasPreviousPage: query.page > 1,
  };
};

const server = createServer(async (request, response) => {
  const url = new URL(request.url, 'http://localhost');
  const networkId = url.searchParams.get('networkId');
  if (request.method !== 'GET' || url.pathname !== '/players' || !networkId) {
    response.writeHead(404).end();
    return;
  }
  const number = (key, fallback) => Number(url.searchParams.get(key)) || fallback;
  try {
    const data = await list({
      networkId,
      search: url.searchParams.get('search')?.trim() || undefined,
      sortBy: url.searchParams.get('sortBy') || DEFAULT_PLAYER_SORT.sortBy,
      sortOrder: url.searchParams.get('sortOrder') || DEFAULT_PLAYER_SORT.sortOrder,
      page: number('page', 1),
      limit: number('limit', PLAYERS_PAGE_SIZE),
    });
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify({ success: true, data }));
  } catch (error) {
    response.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error));
  }
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
// The bench ends this process when it is done; if the bench dies first, so does the baseline.
process.on('disconnect', () => process.exit(0));
