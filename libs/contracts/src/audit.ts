// The audit log (issue: networks) and the dashboard summary built on it. Every change to a
// network is a domain event; the API stores each as one entry the owner and admins can read.

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
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = ['network', 'member', 'invite', 'server', 'player'] as const;
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

export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_MAX_PAGE_SIZE = 100;

export type AuditQuery = { page?: number; limit?: number };

export type AuditListResponse = {
  entries: AuditEntry[];
  totalCount: number;
  currentPage: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
};

/** GET /api/dashboard/summary: the four cards and Recent Activity of /dashboard. */
export type DashboardSummary = {
  networks: number;
  totalServers: number;
  onlinePlayers: number;
  serversOnline: number;
  /** The newest entries of the audit logs of the user's networks. */
  recentActivity: AuditEntry[];
};

export const DASHBOARD_RECENT_ACTIVITY = 10;

/** POST /api/invites/join: the network joined. GET /api/invites/validate/{code}: what it leads to. */
export type InvitePreview = {
  code: string;
  networkId: string;
  networkName: string;
  expiresAt: string;
  usesLeft: number;
  /** The caller is already a member of that network. */
  alreadyMember: boolean;
};

/** POST /api/servers/{id}/token: the new plugin token, shown once; the old one stops working. */
export type RotateServerTokenResponse = { id: string; token: string };
