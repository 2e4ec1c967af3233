import type { Knex } from '@mikro-orm/knex';
import type { SuspiciousSettings } from '@outpost/contracts';
import type { PlayerFacts } from './factors';

/** A server's players, or a network's. */
export type SuspiciousScope = { networkId: string; serverId?: string };

/**
 * Times come back as Date (PostgreSQL timestamps), epoch milliseconds (SQLite), or a string of
 * them (PostgreSQL's bigint columns).
 */
export const msOf = (value: unknown): number => {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  const text = String(value);
  return /^\d+$/.test(text) ? Number(text) : new Date(text).getTime();
};

const CHUNK = 500;
const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
};

type PlayerRow = {
  id: string;
  steam_id: string;
  display_name: string;
  playtime_minutes: number;
  first_joined: unknown;
  total_kills: number;
  total_deaths: number;
  headshots: number;
};

const emptyFacts = (row: PlayerRow): PlayerFacts => ({
  steamId: row.steam_id,
  name: row.display_name,
  kills: Number(row.total_kills),
  deaths: Number(row.total_deaths),
  headshots: Number(row.headshots),
  playtimeMinutes: Number(row.playtime_minutes),
  firstJoined: msOf(row.first_joined),
  reports: { count: 0, reporters: 0, ids: [], times: [] },
  violations: { count: 0, kinds: [], ids: [], times: [] },
  names: [],
  banned: { steamIds: [], ips: [] },
});

/**
 * Everything the score reads, in a handful of set-wise statements (never one per player): the
 * players (a server's: those with a session on it), their kills, deaths and headshots (a
 * network's: the players' totals; a server's: the tallies of its kills), F7 reports against them that
 * were not dismissed, the AntiHack violations recorded, the names they joined with in the window,
 * and banned accounts seen on one of their addresses. `stored` turns a time into the database's.
 */
export const gatherFacts = async (
  knex: Knex,
  scope: SuspiciousScope,
  settings: SuspiciousSettings,
  now: number,
  stored: (date: Date) => Date | number,
): Promise<Map<string, PlayerFacts & { playerId: string }>> => {
  const where = (query: Knex.QueryBuilder) =>
    scope.serverId ? query.where('server_id', scope.serverId) : query.where('network_id', scope.networkId);
  const players = knex('players as p')
    .select(
      'p.id',
      'p.steam_id',
      'p.display_name',
      'p.playtime_minutes',
      'p.first_joined',
      'p.total_kills',
      'p.total_deaths',
      'p.headshots',
    )
    .where('p.network_id', scope.networkId);
  if (scope.serverId)
    void players.whereIn(
      'p.id',
      knex('player_sessions')
        .distinct('player_id')
        .where({ network_id: scope.networkId, server_id: scope.serverId }),
    );
  // A server's kills, deaths and headshots: the tallies kept as its kill events arrived.
  const tallies = scope.serverId
    ? knex('suspicious_tallies')
        .select('steam_id', 'kills', 'deaths', 'headshots')
        .where('server_id', scope.serverId)
    : Promise.resolve([]);
  const reports = where(knex('reports'))
    .select('id', 'reporter_steam_id', 'target_steam_id', 'reported_at')
    .whereNotNull('target_steam_id')
    .whereNot('state', 'dismissed')
    .orderBy('reported_at', 'desc');
  const violations = where(knex('suspicious_violations'))
    .select('id', 'steam_id', 'kind', 'at')
    .orderBy('at', 'desc');
  // Names: only the joins of players who joined at least nameCount times in the window (fewer
  // joins cannot carry enough names), so a server's ten thousand single joins are not read.
  const since = stored(new Date(now - settings.thresholds.nameWindowHours * 3_600_000));
  const joins = where(knex('server_events'))
    .select('steam_id', 'payload')
    .where('type', 'connect')
    .where('at', '>=', since)
    .whereIn(
      'steam_id',
      where(knex('server_events'))
        .select('steam_id')
        .where('type', 'connect')
        .where('at', '>=', since)
        .groupBy('steam_id')
        .havingRaw('count(*) >= ?', [settings.thresholds.nameCount]),
    )
    .orderBy('at', 'desc');
  // The addresses of the network's banned accounts (still banned); who else used them is read after.
  const bans = knex('punishments as b')
    .join('player_ips as i', 'i.player_id', 'b.player_id')
    .select('b.steam_id', 'b.expires_at', 'i.ip')
    .where({ 'b.network_id': scope.networkId, 'b.type': 'ban' })
    .whereNull('b.lifted_at');

  // Independent statements, sent together: the slowest one (a server's kills) sets the time.
  const [playerRows, tallyRows, reportRows, violationRows, joinRows, banRows] = (await Promise.all([
    players,
    tallies,
    reports,
    violations,
    joins,
    bans,
  ])) as [
    PlayerRow[],
    { steam_id: string; kills: number | string; deaths: number | string; headshots: number | string }[],
    { id: string; reporter_steam_id: string | null; target_steam_id: string; reported_at: unknown }[],
    { id: string; steam_id: string; kind: string; at: unknown }[],
    { steam_id: string; payload: string }[],
    { steam_id: string; expires_at: unknown; ip: string }[],
  ];

  const facts = new Map<string, PlayerFacts & { playerId: string }>();
  for (const row of playerRows) {
    const player = { ...emptyFacts(row), playerId: row.id };
    // A server's kills are its tallies; a network's, the players' totals.
    if (scope.serverId) player.kills = player.deaths = player.headshots = 0;
    facts.set(row.steam_id, player);
  }
  for (const row of tallyRows) {
    const player = facts.get(row.steam_id);
    if (!player) continue;
    player.kills = Number(row.kills);
    player.deaths = Number(row.deaths);
    player.headshots = Number(row.headshots);
  }

  const reporters = new Map<string, Set<string>>();
  for (const row of reportRows) {
    const player = facts.get(row.target_steam_id);
    if (!player) continue;
    player.reports.count += 1;
    player.reports.ids.push(row.id);
    player.reports.times.push(msOf(row.reported_at));
    const set = reporters.get(row.target_steam_id) ?? new Set<string>();
    set.add(row.reporter_steam_id ?? `anonymous:${row.id}`);
    reporters.set(row.target_steam_id, set);
  }
  for (const [steamId, set] of reporters) facts.get(steamId)!.reports.reporters = set.size;

  for (const row of violationRows) {
    const player = facts.get(row.steam_id);
    if (!player) continue;
    player.violations.count += 1;
    player.violations.ids.push(row.id);
    player.violations.times.push(msOf(row.at));
    if (!player.violations.kinds.includes(row.kind)) player.violations.kinds.push(row.kind);
  }

  for (const row of joinRows) {
    const player = facts.get(row.steam_id);
    if (!player) continue;
    let name: unknown;
    try {
      name = (JSON.parse(row.payload) as { name?: unknown }).name;
    } catch {
      continue;
    }
    if (typeof name === 'string' && name && !player.names.includes(name)) player.names.push(name);
  }

  // Ban evasion: who else used a banned account's address.
  const bannedOn = new Map<string, Set<string>>();
  for (const ban of banRows) {
    if (ban.expires_at !== null && ban.expires_at !== undefined && msOf(ban.expires_at) <= now) continue;
    const set = bannedOn.get(ban.ip) ?? new Set<string>();
    set.add(ban.steam_id);
    bannedOn.set(ban.ip, set);
  }
  if (bannedOn.size) {
    const steamIdOf = new Map([...facts.values()].map((player) => [player.playerId, player.steamId]));
    for (const ips of chunks([...bannedOn.keys()])) {
      const sharing = (await knex('player_ips as i')
        .join('players as p', 'p.id', 'i.player_id')
        .select('p.steam_id', 'i.ip')
        .where('p.network_id', scope.networkId)
        .whereIn('i.ip', ips)) as { steam_id: string; ip: string }[];
      for (const row of sharing) {
        const player = facts.get(row.steam_id);
        if (!player || !steamIdOf.has(player.playerId)) continue;
        const others = [...(bannedOn.get(row.ip) ?? [])].filter((id) => id !== row.steam_id);
        if (!others.length) continue;
        if (!player.banned.ips.includes(row.ip)) player.banned.ips.push(row.ip);
        for (const id of others) if (!player.banned.steamIds.includes(id)) player.banned.steamIds.push(id);
      }
    }
  }
  return facts;
};
