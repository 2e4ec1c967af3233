// The plugin protocol (/api/plugin/v1) as a game server's plugin sees it. Mirrors the API's zod
// schemas (libs/validation/src/plugin-protocol.ts) field for field: the API rejects an
// unknown field with a 400, so these types are what a client may send, no more.

import type { CommandStatus, RconState } from './server-ops';

/** Largest heartbeat the API takes (the body must also stay under 256 KB). */
export const PLUGIN_MAX_HEARTBEAT_PLAYERS = 1000;
export const PLUGIN_MAX_EVENTS_PER_BATCH = 500;
/** A server is shown offline after this many missed heartbeats. */
export const PLUGIN_MISSED_HEARTBEATS_BEFORE_OFFLINE = 3;
export const PLUGIN_API_PATH = '/api/plugin/v1';

export type PluginPosition = { x: number; y: number; z: number };

export type HeartbeatPlayer = {
  /** SteamID64: 5 to 20 digits. */
  steamId: string;
  /** 1 to 100 characters. */
  name: string;
  ip?: string;
  ping?: number;
  position?: PluginPosition;
  connectedSeconds?: number;
  /** Permission groups on the game server (admin, moderator, vip, default ...); at most 20. */
  groups?: string[];
};

export type HeartbeatRequest = {
  hostname?: string;
  map?: string;
  worldSize?: number;
  seed?: number;
  maxPlayers: number;
  fps?: number;
  entities?: number;
  memoryMb?: number;
  /** Players waiting in the queue to join; a whole number. */
  queued?: number;
  /** Network traffic in bytes per second (as WebRCON's serverinfo gives NetworkIn, NetworkOut). */
  networkIn?: number;
  networkOut?: number;
  uptimeSeconds?: number;
  version?: string;
  /** The server is still loading: it shows as starting, not online. */
  starting?: boolean;
  /** The online players, each steamId once, at most PLUGIN_MAX_HEARTBEAT_PLAYERS. */
  players: HeartbeatPlayer[];
};

export const PLUGIN_PLAYER_COMMAND_TYPES = ['kick', 'warn', 'ban', 'unban'] as const;
export type PluginPlayerCommandType = (typeof PLUGIN_PLAYER_COMMAND_TYPES)[number];
export const PLUGIN_COMMAND_TYPES = [...PLUGIN_PLAYER_COMMAND_TYPES, 'console'] as const;
export type PluginCommandType = (typeof PLUGIN_COMMAND_TYPES)[number];

/** A command about one player (kick, warn, ban, unban). */
export type PluginPlayerCommand = {
  id: string;
  type: PluginPlayerCommandType;
  steamId: string;
  reason: string;
  /** The player's name as the panel knows it (a game's ban list keeps it beside the id). */
  name?: string;
  /** Bans only: ISO time the ban ends, null when permanent. */
  expiresAt?: string | null;
};

/** A console command, run as typed (1 to 500 characters, one line). */
export type PluginConsoleCommand = { id: string; type: 'console'; command: string };

/**
 * A command as the plugin receives it. The heartbeat's answer carries every command whose result
 * is not posted yet (so a plugin must treat command ids idempotently); the long-poll
 * (GET /commands?wait=S) answers each command once, as soon as it is queued.
 */
export type PluginCommand = PluginPlayerCommand | PluginConsoleCommand;

/** Longest wait of GET /commands?wait=S, in seconds. */
export const PLUGIN_COMMANDS_MAX_WAIT_SECONDS = 30;
/** GET /commands?wait=S: the commands queued and not yet handed out (empty when S ran out). */
export type CommandsResponse = { commands: PluginCommand[] };

export type HeartbeatResponse = { commands: PluginCommand[]; nextHeartbeatSeconds: number };

/** Every event carries an id unique per server (a retried batch counts once) and an ISO time. */
type EventBase = { id: string; at: string };

export type ConnectEvent = EventBase & { type: 'connect'; steamId: string; name?: string; ip?: string };
export type DisconnectEvent = EventBase & { type: 'disconnect'; steamId: string; reason?: string };
export type ChatEvent = EventBase & {
  type: 'chat';
  steamId: string;
  name?: string;
  /** Defaults to global. */
  channel?: 'global' | 'team';
  message: string;
};
export type KillEvent = EventBase & {
  type: 'kill';
  killerSteamId: string;
  victimSteamId: string;
  weapon?: string;
  distance?: number;
  /** Defaults to false. */
  headshot?: boolean;
};
export type ReportEvent = EventBase & {
  type: 'report';
  reporterSteamId: string;
  targetSteamId: string;
  reporterName?: string;
  targetName?: string;
  subject?: string;
  message: string;
  /** The game's report type (cheat, abusive, name, spam...). */
  category?: string;
  /** Where the reporter stood. */
  position?: { x: number; y: number; z: number };
};
export type LogEvent = EventBase & {
  type: 'log' | 'console';
  level?: 'info' | 'warning' | 'error';
  message: string;
};

/**
 * The game's AntiHack (or a plugin's) caught a player: `kind` is the AntiHack type (FlyHack,
 * SpeedHack, NoClip...), `message` what it printed, `level` the violation level when known.
 */
export type ViolationEvent = EventBase & {
  type: 'violation';
  steamId: string;
  name?: string;
  kind: string;
  message: string;
  level?: number;
};

export type PluginEvent =
  ConnectEvent | DisconnectEvent | ChatEvent | KillEvent | ReportEvent | LogEvent | ViolationEvent;
export type PluginEventType = PluginEvent['type'];

export type EventsRequest = { events: PluginEvent[] };
/** accepted: stored now; duplicates: ids this server had already sent (skipped). */
export type EventsResponse = { accepted: number; duplicates: number };

/**
 * POST /agent-state: an agent that reaches the game server over RCON (outpost-bridge) says how
 * that connection is, on every change and once after it starts, so the panel can tell a refused
 * password or an unreachable server from one that never came. `detail` (at most 500 characters)
 * says why, never the password; `since` is when the state began.
 */
export type AgentStateRequest = { state: RconState; detail?: string | null; since: string };
/** What the panel keeps of it. */
export type AgentStateResponse = { state: RconState; since: string };

export type CommandResultRequest = { ok: boolean; output?: string };
/** The command's status after the report: an expired kick or warn stays expired. */
export type CommandResultResponse = { id: string; status: CommandStatus };
