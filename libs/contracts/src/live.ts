// The live stream (GET /api/live, Server-Sent Events): what the panel pushes to a signed-in tab.
// Each SSE frame is `id: <LiveEvent id>`, `event: <type>`, `data: <JSON of the event>`. A user
// receives only events of networks they belong to, filtered by role.

import type { Alert } from './alerts';
import type { AuditEntry } from './audit';
import type { ServerStatus } from './entities';
import type { LogEntry } from './logs';
import type { CommandItem, ConsoleEntry, RconState } from './server-ops';

/** A comment line this often keeps proxies from closing an idle stream. */
export const LIVE_KEEPALIVE_SECONDS = 20;

/**
 * The spec's reconnect schedule (section 9), for the live stream and the WebRCON translator: 1 s
 * for the first 5 tries, 5 s up to the 15th, 10 s up to the 100th, then 60 s. `attempt` counts
 * failures from 1.
 */
export const reconnectDelayMs = (attempt: number): number => {
  if (attempt <= 5) return 1_000;
  if (attempt <= 15) return 5_000;
  if (attempt <= 100) return 10_000;
  return 60_000;
};

/** A server's heartbeat was stored, or the sweep set it offline. */
export type LiveServerStatus = {
  type: 'server.status';
  networkId: string;
  serverId: string;
  status: ServerStatus;
  playerCount: number;
  maxPlayers: number;
  at: string;
};

/** A player came online on a server (the heartbeat opened their session). */
export type LivePlayerJoined = {
  type: 'player.joined';
  networkId: string;
  serverId: string;
  steamId: string;
  name: string;
};

/** A player went offline on a server (their session closed). */
export type LivePlayerLeft = {
  type: 'player.left';
  networkId: string;
  serverId: string;
  steamId: string;
};

/** A new line of the Logs timeline (a connect line's IP only for players.viewIp). */
export type LiveLogEntry = { type: 'log.entry'; networkId: string; serverId: string; entry: LogEntry };

/**
 * A console line the server printed, a command typed in the panel, or its result (the same id
 * again, now with its output). Only for those who may read the console.
 */
export type LiveConsoleEntry = {
  type: 'console.entry';
  networkId: string;
  serverId: string;
  entry: ConsoleEntry;
};

/**
 * A command reached its outcome (succeeded, failed, expired): the person who gave it sees it. Only
 * for those who may read commands (console.read, as GET .../commands/{commandId}).
 */
export type LiveCommandCompleted = {
  type: 'command.completed';
  networkId: string;
  serverId: string;
  command: CommandItem;
};

/** The panel's own RCON connection to a server changed state (only for those who manage servers). */
export type LiveRconState = {
  type: 'server.rcon';
  networkId: string;
  serverId: string;
  state: RconState;
  lastError: string | null;
  connectedAt: string | null;
  refusedAt: string | null;
};

/** A new audit entry (only for those who may see the audit log). */
export type LiveAuditEntry = { type: 'audit.entry'; networkId: string; entry: AuditEntry };

/**
 * The user's own membership changed (joined, role changed, removed) or a network they belong to
 * changed (renamed, deleted): lists and permissions are read again.
 */
export type LiveNetworkChanged = { type: 'network.changed'; networkId: string };

/** A punishment was issued, edited, lifted, imported or expired: lists of the network read again. */
export type LivePunishmentChanged = {
  type: 'punishment.changed';
  networkId: string;
  /** The server it was issued on (null for an import of several, or a deleted server). */
  serverId: string | null;
  punishmentId: string | null;
};

/** A report arrived or changed (state, assignee, a note, a punishment): inboxes and badges read again. */
export type LiveReportChanged = {
  type: 'report.changed';
  networkId: string;
  serverId: string | null;
  reportId: string;
};

/** An alert fired, resolved, reopened or one of its deliveries changed: bells and alert lists update. */
export type LiveAlertChanged = { type: 'alert.changed'; networkId: string; alert: Alert };

/**
 * Where a server's online players are now (one per heartbeat that carried positions, positions
 * rounded to 0.1 m; grid references are computed by the reader). Only for networks whose plan
 * has the live map.
 */
export type LiveMapPositions = {
  type: 'map.positions';
  networkId: string;
  serverId: string;
  worldSize: number | null;
  at: string;
  players: { steamId: string; name: string; x: number; z: number }[];
};

/**
 * An automation's run began, moved on or ended (an action's outcome): its run history and the
 * automation's last run read again. Only for those who may see automations (automation.view).
 */
export type LiveAutomationRun = {
  type: 'automation.run';
  networkId: string;
  automationId: string;
  runId: string;
  serverId: string | null;
};

export type LiveEvent =
  | LiveAutomationRun
  | LiveAlertChanged
  | LiveMapPositions
  | LiveServerStatus
  | LivePlayerJoined
  | LivePlayerLeft
  | LiveLogEntry
  | LiveConsoleEntry
  | LiveCommandCompleted
  | LiveRconState
  | LiveAuditEntry
  | LiveNetworkChanged
  | LivePunishmentChanged
  | LiveReportChanged;
export type LiveEventType = LiveEvent['type'];

/**
 * Sent instead of a replay when the Last-Event-ID is older than what the panel keeps (or from
 * before it restarted): the client reads everything again.
 */
export const LIVE_REFETCH_EVENT = 'refetch';
/** The first frame of every stream: the client is connected. */
export const LIVE_READY_EVENT = 'ready';
