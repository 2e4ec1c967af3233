import {
  PLUGIN_MAX_HEARTBEAT_PLAYERS,
  type HeartbeatPlayer,
  type HeartbeatRequest,
  type PluginPosition,
} from '@outpost/contracts';

// Parsers of the replies the heartbeat is built from. Field names are the game's (decompiled
// ConVar.Admin.ServerInfoOutput and Admin.PlayerInfo, which Facepunch's webrcon client reads).

/** `serverinfo`: one JSON object. */
export type ServerInfo = {
  Hostname?: string;
  MaxPlayers?: number;
  Players?: number;
  Queued?: number;
  Joining?: number;
  EntityCount?: number;
  GameTime?: string;
  /** Seconds since the server started. */
  Uptime?: number;
  Map?: string;
  Framerate?: number;
  /** Megabytes. */
  Memory?: number;
  NetworkIn?: number;
  NetworkOut?: number;
  Restarting?: boolean;
  Version?: number;
  Protocol?: string;
};

/** One entry of `playerlist` (a JSON array). `VoiationLevel` is the game's own spelling. */
export type PlayerInfo = {
  SteamID: string;
  OwnerSteamID?: string;
  DisplayName?: string;
  Ping?: number;
  /** "ip:port". */
  Address?: string;
  ConnectedSeconds?: number;
  VoiationLevel?: number;
  Health?: number;
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** null when the reply is not serverinfo's JSON object. */
export const parseServerInfo = (text: string): ServerInfo | null => {
  const value = parseJson(text);
  return isObject(value) && typeof value.MaxPlayers === 'number' ? (value as ServerInfo) : null;
};

/** null when the reply is not playerlist's JSON array; entries without a SteamID are skipped. */
export const parsePlayerList = (text: string): PlayerInfo[] | null => {
  const value = parseJson(text);
  if (!Array.isArray(value)) return null;
  return value.filter(
    (entry): entry is PlayerInfo =>
      isObject(entry) && (typeof entry.SteamID === 'string' || typeof entry.SteamID === 'number'),
  );
};

/**
 * `playerlistpos` (ConVar.Global.playerlistpos) prints a TextTable, not JSON:
 *
 * | line | example |
 * |---|---|
 * | header | `SteamID           DisplayName POS                       ROT` |
 * | a row  | `76561198135242017 Jeti        (-1027.08, 0.31, 668.11) (-0.72, 0.00, 0.69)` |
 *
 * POS is Unity's Vector3.ToString() of the player's position: x and z across the map, y the height
 * (the plugin protocol's axes too). A name may hold spaces, so a row is read from both ends.
 * Returns positions by SteamID; null when the reply is not that table.
 */
export const parsePlayerListPos = (text: string): Map<string, PluginPosition> | null => {
  const lines = text.split(/\r?\n/);
  if (!/SteamID\s+DisplayName\s+POS\s+ROT/.test(lines[0] ?? '')) return null;
  const positions = new Map<string, PluginPosition>();
  const row = /^(\d{5,20})\s+.*?\(\s*(-?[\d.]+),\s*(-?[\d.]+),\s*(-?[\d.]+)\s*\)\s+\([^)]*\)\s*$/;
  for (const line of lines.slice(1)) {
    const match = row.exec(line);
    if (!match) continue;
    const [x, y, z] = [match[2], match[3], match[4]].map(Number);
    if ([x, y, z].every(Number.isFinite)) positions.set(match[1], { x, y, z });
  }
  return positions;
};

/**
 * A convar's value as the console prints it: `server.worldsize: "4000"` (older builds print the
 * value without quotes). null when the reply is not that.
 */
export const parseConvarNumber = (text: string): number | null => {
  const match = /^\s*[\w.]+:\s*"?(-?\d+(?:\.\d+)?)"?\s*$/.exec(text);
  return match ? Number(match[1]) : null;
};

/** "ip:port" or "[v6]:port" to the ip alone. */
export const addressIp = (address: string | undefined): string | undefined => {
  if (!address) return undefined;
  const v6 = /^\[([^\]]+)\]:\d+$/.exec(address);
  if (v6) return v6[1];
  const v4 = /^([^:]+):\d+$/.exec(address);
  return (v4 ? v4[1] : address).slice(0, 64);
};

const clip = (text: string, max: number): string => text.replace(/\0/g, '').slice(0, max);
const whole = (value: unknown, max: number): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? Math.min(max, Math.floor(value))
    : undefined;

export type ServerState = {
  info: ServerInfo;
  players: PlayerInfo[];
  positions?: Map<string, PluginPosition> | null;
  worldSize?: number | null;
  seed?: number | null;
};

/** One plugin heartbeat from the game's replies; players the protocol would refuse are left out. */
export const toHeartbeat = ({ info, players, positions, worldSize, seed }: ServerState): HeartbeatRequest => {
  const seen = new Set<string>();
  const online: HeartbeatPlayer[] = [];
  for (const entry of players) {
    const steamId = String(entry.SteamID);
    if (!/^\d{5,20}$/.test(steamId) || seen.has(steamId) || online.length >= PLUGIN_MAX_HEARTBEAT_PLAYERS)
      continue;
    seen.add(steamId);
    const name = clip(entry.DisplayName ?? '', 100);
    const player: HeartbeatPlayer = { steamId, name: /\S/.test(name) ? name : steamId };
    const ip = addressIp(entry.Address);
    if (ip) player.ip = clip(ip, 64);
    const ping = whole(entry.Ping, 100_000);
    if (ping !== undefined) player.ping = ping;
    const connected = whole(entry.ConnectedSeconds, 366 * 24 * 3600);
    if (connected !== undefined) player.connectedSeconds = connected;
    const position = positions?.get(steamId);
    if (position) player.position = position;
    online.push(player);
  }
  const heartbeat: HeartbeatRequest = { maxPlayers: whole(info.MaxPlayers, 10_000) ?? 0, players: online };
  if (info.Hostname) heartbeat.hostname = clip(info.Hostname, 300);
  if (info.Map) heartbeat.map = clip(info.Map, 200);
  if (typeof info.Framerate === 'number' && info.Framerate >= 0) heartbeat.fps = info.Framerate;
  const entities = whole(info.EntityCount, Number.MAX_SAFE_INTEGER);
  if (entities !== undefined) heartbeat.entities = entities;
  if (typeof info.Memory === 'number' && info.Memory >= 0) heartbeat.memoryMb = info.Memory;
  const queued = whole(info.Queued, Number.MAX_SAFE_INTEGER);
  if (queued !== undefined) heartbeat.queued = queued;
  if (typeof info.NetworkIn === 'number' && info.NetworkIn >= 0) heartbeat.networkIn = info.NetworkIn;
  if (typeof info.NetworkOut === 'number' && info.NetworkOut >= 0) heartbeat.networkOut = info.NetworkOut;
  const uptime = whole(info.Uptime, 2_147_483_647);
  if (uptime !== undefined) heartbeat.uptimeSeconds = uptime;
  if (info.Version !== undefined) heartbeat.version = clip(String(info.Version), 50);
  if (typeof worldSize === 'number' && worldSize >= 0) heartbeat.worldSize = Math.floor(worldSize);
  if (typeof seed === 'number' && Number.isInteger(seed)) heartbeat.seed = seed;
  return heartbeat;
};
