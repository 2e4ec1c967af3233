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
 * network's: the players' totals; a server's: its kill events), F7 reports against them that
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
  const rows = (await players) as PlayerRow[];
  const facts = new Map<string, PlayerFacts & { playerId: string }>();
  for (const row of rows) facts.set(row.steam_id, { ...emptyFacts(row), playerId: row.id });

  const where = (query: Knex.QueryBuilder) =>
    scope.serverId ? query.where('server_id', scope.serverId) : query.where('network_id', scope.networkId);

  if (scope.serverId) {
    for (const player of facts.values()) player.kills = player.deaths = player.headshots = 0;
    const kills = (await where(knex('server_events'))
      .select('steam_id')
      .count({ n: '*' })
      .select(knex.raw(`sum(case when payload like '%"headshot":true%' then 1 else 0 end) as hs`))
      .where('type', 'kill')
      .groupBy('steam_id')) as { steam_id: string; n: number | string; hs: number | string | null }[];
    for (const row of kills) {
      const player = facts.get(row.steam_id);
      if (player) {
        player.kills = Number(row.n);
        player.headshots = Number(row.hs ?? 0);
      }
    }
    const deaths = (await where(knex('server_events'))
      .select('target_steam_id')
      .count({ n: '*' })
      .where('type', 'kill')
      .groupBy('target_steam_id')) as { target_steam_id: string; n: number | string }[];
    for (const row of deaths) {
      const player = facts.get(row.target_steam_id);
      if (player) player.deaths = Number(row.n);
    }
  }

  const reports = (await where(knex('reports'))
    .select('id', 'reporter_steam_id', 'target_steam_id', 'reported_at')
    .whereNotNull('target_steam_id')
    .whereNot('state', 'dismissed')
    .orderBy('reported_at', 'desc')) as {
    id: string;
    reporter_steam_id: string | null;
    target_steam_id: string;
    reported_at: unknown;
  }[];
  const reporters = new Map<string, Set<string>>();
  for (const row of reports) {
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

  const violations = (await where(knex('suspicious_violations'))
    .select('id', 'steam_id', 'kind', 'at')
    .orderBy('at', 'desc')) as { id: string; steam_id: string; kind: string; at: unknown }[];
  for (const row of violations) {
    const player = facts.get(row.steam_id);
    if (!player) continue;
    player.violations.count += 1;
    player.violations.ids.push(row.id);
    player.violations.times.push(msOf(row.at));
    if (!player.violations.kinds.includes(row.kind)) player.violations.kinds.push(row.kind);
  }

  const since = stored(new Date(now - settings.thresholds.nameWindowHours * 3_600_000));
  const joins = (await where(knex('server_events'))
    .select('steam_id', 'payload')
    .where('type', 'connect')
    .where('at', '>=', since)
    .orderBy('at', 'desc')) as { steam_id: string; payload: string }[];
  for (const row of joins) {
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

  // Ban evasion: the addresses of the network's banned accounts (still banned), then who else used them.
  const bans = (await knex('punishments as b')
    .join('player_ips as i', 'i.player_id', 'b.player_id')
    .select('b.steam_id', 'b.expires_at', 'i.ip')
    .where({ 'b.network_id': scope.networkId, 'b.type': 'ban' })
    .whereNull('b.lifted_at')) as { steam_id: string; expires_at: unknown; ip: string }[];
  const bannedOn = new Map<string, Set<string>>();
  for (const ban of bans) {
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
