// The Logs area (issue: logs and live): everything a game server reported, as one timeline.
// GET /api/servers/{id}/logs and GET /api/networks/{id}/logs answer pages of LogEntry, newest
// first, paged back with an opaque keyset cursor.

import type { PluginEventType } from './plugin-protocol';

/** The kinds of line the timeline shows, in the order its filter chips list them. */
export const LOG_TYPES = [
  'chat',
  'connect',
  'disconnect',
  'kill',
  'report',
  'console',
  'log',
] as const satisfies readonly PluginEventType[];
export type LogType = (typeof LOG_TYPES)[number];

export const LOG_TYPE_LABELS: Readonly<Record<LogType, string>> = {
  chat: 'Chat',
  connect: 'Joins',
  disconnect: 'Leaves',
  kill: 'Kills',
  report: 'F7 reports',
  console: 'Console',
  log: 'Log',
};

/** Entries a page holds by default, and at most. */
export const LOG_PAGE_DEFAULT = 50;
export const LOG_PAGE_MAX = 200;
/** Search text: at most this many characters. */
export const LOG_SEARCH_MAX_LENGTH = 100;
/** Days a server's events are kept unless LOG_RETENTION_DAYS says otherwise. */
export const LOG_RETENTION_DAYS_DEFAULT = 30;

/** A player a line is about: the name the network knows (null when it never learned one). */
export type LogPlayer = { steamId: string; name: string | null };

type LogEntryBase = {
  /** Stable id of the line (the stored event's). */
  id: string;
  serverId: string;
  serverName: string;
  /** When the game server says it happened (ISO). */
  at: string;
};

export type ChatLogEntry = LogEntryBase & {
  type: 'chat';
  player: LogPlayer;
  channel: 'global' | 'team';
  message: string;
};
export type ConnectLogEntry = LogEntryBase & {
  type: 'connect';
  player: LogPlayer;
  /** Only for members with players.viewIp, and only when the server reported it. */
  ip?: string;
};
export type DisconnectLogEntry = LogEntryBase & {
  type: 'disconnect';
  player: LogPlayer;
  reason: string | null;
};
export type KillLogEntry = LogEntryBase & {
  type: 'kill';
  /** The killer. */
  player: LogPlayer;
  /** The victim. */
  target: LogPlayer;
  weapon: string | null;
  /** Metres, when known. */
  distance: number | null;
  /** Null when the server did not say. */
  headshot: boolean | null;
};
export type ReportLogEntry = LogEntryBase & {
  type: 'report';
  /** The reporter. */
  player: LogPlayer;
  /** The reported player. */
  target: LogPlayer;
  subject: string | null;
  message: string;
};
export type ConsoleLogEntry = LogEntryBase & {
  type: 'console' | 'log';
  level: 'info' | 'warning' | 'error';
  message: string;
};

export type LogEntry =
  ChatLogEntry | ConnectLogEntry | DisconnectLogEntry | KillLogEntry | ReportLogEntry | ConsoleLogEntry;

/**
 * Query of both logs routes. types: comma-separated LOG_TYPES (all when absent); search: player
 * name, steamId or message, case-insensitive; from/to: ISO times (inclusive); before: the
 * nextCursor of the previous page; serverId: only on the network's route.
 */
export type LogsQuery = {
  types?: string;
  search?: string;
  from?: string;
  to?: string;
  before?: string;
  limit?: number;
  serverId?: string;
};

/** nextCursor: pass as `before` for the next (older) page; null when this page is the last. */
export type LogsResponse = { entries: LogEntry[]; nextCursor: string | null };
