// The audit log (issue: networks) and the dashboard summary built on it. Every change to a
// network is a domain event; the API stores each as one entry those with audit.view can read.

import type { InviteRole } from './roles';

export const AUDIT_ACTIONS = [
  'network.created',
  'network.updated',
  'network.deleted',
  'member.joined',
  'member.roleChanged',
  'member.removed',
  'invite.created',
  'invite.revoked',
  'server.added',
  'server.updated',
  'server.deleted',
  'server.tokenRotated',
  /** A manager gave the server an RCON address and password (the panel connects to it). */
  'server.rconSet',
  'server.rconRemoved',
  /** Try again: the panel dials a server's RCON now (after a refused password, before its 10 minutes). */
  'server.rconRetried',
  /** A console command sent from the panel: details {command, commandId}. */
  'server.consoleCommandRun',
  'player.kicked',
  'player.warned',
  'player.banned',
  'player.unbanned',
  /** A ban's reason or expiry changed: details {reason?: {from, to}, expiresAt?: {from, to}}. */
  'punishment.updated',
  /** A ban lifted early from the Punishments area: details {reason, servers}. */
  'punishment.lifted',
  /** A server's own ban list (banlistex) was asked for: details {serverId, commandId}. */
  'punishments.imported',
  /** An F7 report's state or assignee changed: details {state?: {from, to}, assignee?: {from, to}}. */
  'report.updated',
  /** A note added to an F7 report's thread: details {text}. */
  'report.noteAdded',
  /** A player's suspicious-activity score dismissed until new evidence: details {note, score}. */
  'player.suspicionDismissed',
  /** A player flagged from the suspicious-activity list: details {note, score}. */
  'player.suspicionFlagged',
  /** The suspicious-activity weights or thresholds changed: details {from, to}. */
  'suspicious.settingsChanged',
  /** A note on a player added or removed by hand: details {noteId, text}. */
  'player.noteAdded',
  'player.noteRemoved',
  /** An automation added, changed or removed: details {kind, fields?}. */
  'automation.created',
  'automation.updated',
  'automation.deleted',
  /** An automation's run ended: details {runId, cause, status, serverId, actions: [{type, status}]}. */
  'automation.ran',
  /** A Discord server linked to the network (the bot added) or unlinked: details {guildId, guildName}. */
  'discord.connected',
  'discord.disconnected',
  /** A player linked their Discord (`!link` in game) or the link was removed: details {steamId, discordUserId, discordName}. */
  'player.discordLinked',
  'player.discordUnlinked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = [
  'network',
  'member',
  'invite',
  'server',
  'player',
  'report',
  'automation',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export type AuditEntry = {
  id: string;
  action: AuditAction;
  /** Null once the network itself is deleted. */
  networkId: string | null;
  networkName: string;
  actorId: string;
  actorName: string;
  targetType: AuditTargetType;
  targetId: string;
  targetName: string;
  /** What changed, e.g. {from: 'member', to: 'admin'} for a role change. */
  details: Record<string, unknown>;
  createdAt: string;
};

/** How each action reads in the Audit Log's action column and filter, and in the CSV export. */
export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  'network.created': 'Network created',
  'network.updated': 'Network settings changed',
  'network.deleted': 'Network deleted',
  'member.joined': 'Member joined',
  'member.roleChanged': 'Member role changed',
  'member.removed': 'Member removed',
  'invite.created': 'Invite created',
  'invite.revoked': 'Invite revoked',
  'server.added': 'Server added',
  'server.updated': 'Server changed',
  'server.deleted': 'Server deleted',
  'server.tokenRotated': 'Server token rotated',
  'server.rconSet': 'RCON connection set',
  'server.rconRemoved': 'RCON connection removed',
  'server.rconRetried': 'RCON connection retried',
  'server.consoleCommandRun': 'Console command run',
  'player.kicked': 'Player kicked',
  'player.warned': 'Player warned',
  'player.banned': 'Player banned',
  'player.unbanned': 'Player unbanned',
  'punishment.updated': 'Ban changed',
  'punishment.lifted': 'Ban lifted',
  'punishments.imported': 'Bans imported',
  'report.updated': 'Report updated',
  'report.noteAdded': 'Report note added',
  'player.suspicionDismissed': 'Suspicion dismissed',
  'player.suspicionFlagged': 'Player flagged',
  'suspicious.settingsChanged': 'Suspicious-activity weights changed',
  'player.noteAdded': 'Player note added',
  'player.noteRemoved': 'Player note removed',
  'automation.created': 'Automation added',
  'automation.updated': 'Automation changed',
  'automation.deleted': 'Automation removed',
  'automation.ran': 'Automation ran',
  'discord.connected': 'Discord server linked',
  'discord.disconnected': 'Discord server unlinked',
  'player.discordLinked': 'Player linked Discord',
  'player.discordUnlinked': 'Player Discord link removed',
};

/**
 * What a member without audit.view sees of the audit log (the dashboard's Recent Activity):
 * moderation outcomes and servers coming and going, never console commands, RCON, invites or
 * role changes.
 */
export const MEMBER_VISIBLE_AUDIT_ACTIONS = [
  'player.kicked',
  'player.warned',
  'player.banned',
  'player.unbanned',
  'server.added',
  'server.deleted',
] as const satisfies readonly AuditAction[];

/**
 * The details such an entry keeps for those members: what the Punishments area shows every
 * member anyway (the player, the server, the reason, a ban's duration and where it holds). Anything
 * else a module adds to the details later stays staff-only until it is named here.
 */
export const MEMBER_VISIBLE_AUDIT_DETAILS = [
  'steamId',
  'serverId',
  'serverName',
  'reason',
  'duration',
  'scope',
] as const;

/** The entry as a member without audit.view may see it, or null when they may not see it. */
export const memberViewOfAudit = (entry: AuditEntry): AuditEntry | null => {
  if (!(MEMBER_VISIBLE_AUDIT_ACTIONS as readonly string[]).includes(entry.action)) return null;
  const details: Record<string, unknown> = {};
  for (const key of MEMBER_VISIBLE_AUDIT_DETAILS) if (key in entry.details) details[key] = entry.details[key];
  return { ...entry, details };
};

export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_MAX_PAGE_SIZE = 100;
/** The CSV export holds at most this many entries (the newest that match its filters). */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

/**
 * GET /api/networks/{id}/audit (and audit.csv, without page, limit and cursor). action: one of
 * AUDIT_ACTIONS or a comma-separated list; serverId: entries whose target is that server or whose
 * details name it (moderation, console commands); from/to: ISO times, inclusive; cursor: the
 * previous page's nextCursor (keyset, newest first), in place of page.
 */
export type AuditQuery = {
  page?: number;
  limit?: number;
  serverId?: string;
  actorId?: string;
  action?: string;
  from?: string;
  to?: string;
  cursor?: string;
};

/**
 * One page, newest first. The page fields count over the filtered entries; nextCursor reads the
 * next (older) page by keyset, null on the last page.
 */
export type AuditListResponse = {
  entries: AuditEntry[];
  totalCount: number;
  currentPage: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  nextCursor: string | null;
};

/** GET /api/dashboard/summary: the four cards of /dashboard. */
export type DashboardSummary = {
  networks: number;
  totalServers: number;
  onlinePlayers: number;
  serversOnline: number;
};

/** GET /api/dashboard/activity: Recent Activity, newest first, from all the user's networks. */
export type DashboardActivity = { entries: AuditEntry[] };

export const DASHBOARD_ACTIVITY_DEFAULT = 20;
export const DASHBOARD_ACTIVITY_MAX = 50;

/** POST /api/invites/join: the network joined. GET /api/invites/validate/{code}: what it leads to. */
export type InvitePreview = {
  code: string;
  networkId: string;
  networkName: string;
  expiresAt: string;
  usesLeft: number;
  /** The role the caller would join as. */
  role: InviteRole;
  /** The caller is already a member of that network. */
  alreadyMember: boolean;
};

/** POST /api/servers/{id}/token: the new plugin token, shown once; the old one stops working. */
export type RotateServerTokenResponse = { id: string; token: string };
