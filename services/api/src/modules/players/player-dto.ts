import type {
  Player,
  PlayerBan,
  PlayerActivity,
  PlayerChatMessage,
  PlayerSession as PlayerSessionDto,
} from '@outpost/contracts';
import type { StoredDate } from '../../core/database';
import type { ServerEvent } from '../logs';
import type { HeldBan } from './player-punishments.port';
import type { PlayerRecord, PlayerSession } from './player.entity';

export type ServerNames = ReadonlyMap<string, string>;

const minutesSince = (start: Date | undefined, now: Date): number =>
  start ? Math.max(0, Math.floor((now.getTime() - start.getTime()) / 60_000)) : 0;

/** What a player's list entry is made of: the entity, or a row of the players table. */
export type PlayerFields = Pick<
  PlayerRecord,
  | 'id'
  | 'steamId'
  | 'displayName'
  | 'status'
  | 'playtimeMinutes'
  | 'totalKills'
  | 'totalDeaths'
  | 'headshots'
  | 'lastSeen'
  | 'firstJoined'
  | 'totalSessions'
  | 'isAdmin'
  | 'isModerator'
  | 'currentServerId'
  | 'lastIp'
>;

/**
 * A row of the players table as the fields of its list entry, without making it an entity (a
 * page of managed entities costs more than its query). Dates come as the databases store them
 * (`StoredDate`), booleans as booleans or 0/1.
 */
export const playerFieldsOf = (row: Record<string, unknown>): PlayerFields => ({
  id: row.id as string,
  steamId: row.steam_id as string,
  displayName: row.display_name as string,
  status: row.status as PlayerRecord['status'],
  playtimeMinutes: Number(row.playtime_minutes),
  totalKills: Number(row.total_kills),
  totalDeaths: Number(row.total_deaths),
  headshots: Number(row.headshots),
  lastSeen: new Date(row.last_seen as StoredDate),
  firstJoined: new Date(row.first_joined as StoredDate),
  totalSessions: Number(row.total_sessions),
  isAdmin: Boolean(row.is_admin),
  isModerator: Boolean(row.is_moderator),
  currentServerId: (row.current_server_id as string | null) ?? null,
  lastIp: (row.last_ip as string | null) ?? null,
});

const headshotPercentage = (player: PlayerFields): number =>
  player.totalKills === 0 ? 0 : Math.round((player.headshots / player.totalKills) * 1000) / 10;

/** When the session a player is in now began, by player id: their playtime counts it too. */
export type OpenSessions = ReadonlyMap<string, Date>;

/**
 * The player as the API answers it; the IP only when the caller may see IPs. Playtime is stored
 * as sessions close; a player in a session now also gets its minutes so far.
 */
/** The ban that holds for the player now, as the players list and profile show it. */
export const toPlayerBan = (ban: HeldBan | undefined, now: Date): PlayerBan | null =>
  ban
    ? {
        reason: ban.reason,
        expiresAt: ban.expiresAt?.toISOString() ?? null,
        timeLeftSeconds: ban.expiresAt
          ? Math.max(0, Math.floor((ban.expiresAt.getTime() - now.getTime()) / 1000))
          : null,
        scope: ban.scope,
      }
    : null;

export const toPlayerDto = (
  player: PlayerFields,
  servers: ServerNames,
  withIp: boolean,
  open: OpenSessions = new Map(),
  now: Date = new Date(),
  bans: ReadonlyMap<string, HeldBan> = new Map(),
): Player => ({
  id: player.id,
  steamId: player.steamId,
  displayName: player.displayName,
  status: player.status,
  playtime: player.playtimeMinutes + minutesSince(open.get(player.id), now),
  totalKills: player.totalKills,
  totalDeaths: player.totalDeaths,
  lastSeen: player.lastSeen.toISOString(),
  firstJoined: player.firstJoined.toISOString(),
  totalSessions: player.totalSessions,
  headshotPercentage: headshotPercentage(player),
  isAdmin: player.isAdmin,
  isModerator: player.isModerator,
  currentServer: player.currentServerId ? (servers.get(player.currentServerId) ?? null) : null,
  serverId: player.currentServerId,
  ...(withIp ? { ipAddress: player.lastIp } : {}),
  ban: toPlayerBan(bans.get(player.steamId), now),
});

export const toSessionDto = (session: PlayerSession, servers: ServerNames, now: Date): PlayerSessionDto => ({
  id: session.id,
  serverId: session.serverId,
  serverName: servers.get(session.serverId) ?? 'Deleted server',
  joinedAt: session.joinedAt.toISOString(),
  leftAt: session.leftAt?.toISOString() ?? null,
  duration: Math.max(
    0,
    Math.floor(((session.leftAt ?? now).getTime() - session.joinedAt.getTime()) / 60_000),
  ),
});

export const toChatDto = (event: ServerEvent, servers: ServerNames): PlayerChatMessage => ({
  id: event.id,
  serverId: event.serverId,
  serverName: servers.get(event.serverId) ?? 'Deleted server',
  channel: event.payload.channel === 'team' ? 'team' : 'global',
  message: String(event.payload.message ?? ''),
  sentAt: event.at.toISOString(),
});

const killLine = (event: ServerEvent, names: ReadonlyMap<string, string>, asKiller: boolean): string => {
  const other = asKiller ? event.targetSteamId : event.steamId;
  const name = (other && names.get(other)) ?? other ?? 'someone';
  const weapon = typeof event.payload.weapon === 'string' ? ` with an ${event.payload.weapon}` : '';
  const distance =
    typeof event.payload.distance === 'number' ? ` at ${Math.round(event.payload.distance)} m` : '';
  const headshot = event.payload.headshot === true ? ' (headshot)' : '';
  return `${asKiller ? 'Killed' : 'Killed by'} ${name}${weapon}${distance}${headshot}`;
};

/** One line of the Activity tab for an event about `steamId`. */
export const toActivityDto = (
  event: ServerEvent,
  steamId: string,
  servers: ServerNames,
  names: ReadonlyMap<string, string>,
): PlayerActivity => {
  const serverName = servers.get(event.serverId) ?? null;
  const base = { id: event.id, at: event.at.toISOString(), serverName };
  switch (event.type) {
    case 'kill': {
      const asKiller = event.steamId === steamId;
      return { ...base, type: asKiller ? 'kill' : 'death', description: killLine(event, names, asKiller) };
    }
    case 'report': {
      const against = event.targetSteamId === steamId;
      const other = (against ? event.steamId : event.targetSteamId) ?? '';
      return {
        ...base,
        type: 'report',
        description: `${against ? 'Reported by' : 'Reported'} ${names.get(other) ?? other}: ${String(event.payload.message ?? '')}`,
      };
    }
    case 'disconnect':
      return { ...base, type: 'disconnect', description: `Left ${serverName ?? 'the server'}` };
    default:
      return { ...base, type: 'connect', description: `Joined ${serverName ?? 'the server'}` };
  }
};
