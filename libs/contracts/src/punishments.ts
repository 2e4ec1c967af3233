// The Punishments area (issue 19, section 1): the bans, kicks and warns of a server or of a whole
// network. GET /api/servers/{id}/punishments and GET /api/networks/{id}/punishments answer pages
// of PunishmentItem, newest first, paged back with an opaque keyset cursor.

import type { PluginPlayerCommandType } from './plugin-protocol';
import type { CommandStatus } from './server-ops';

/** What a ban reaches: the server it was issued on, or every server of the network (later ones too). */
export const BAN_SCOPES = ['server', 'network'] as const;
export type BanScope = (typeof BAN_SCOPES)[number];

/** The kinds the list shows (an unban is not listed: it shows as the ban's state, lifted). */
export const PUNISHMENT_KINDS = ['kick', 'warn', 'ban'] as const;
export type PunishmentKind = (typeof PUNISHMENT_KINDS)[number];

/**
 * A ban's state at a time: active (holds), expired (its time ran out), lifted (an unban or an early
 * lift). Kicks and warns have no state (null).
 */
export const PUNISHMENT_STATES = ['active', 'expired', 'lifted'] as const;
export type PunishmentState = (typeof PUNISHMENT_STATES)[number];

export const PUNISHMENT_PAGE_DEFAULT = 50;
export const PUNISHMENT_PAGE_MAX = 200;
export const PUNISHMENT_SEARCH_MAX_LENGTH = 100;

/** Kicks and warns: what became of the command that carried it to the game server. */
export type PunishmentDelivery = {
  status: CommandStatus;
  /** What the game answered (a failure's reason); null when none. */
  output: string | null;
  /** When it reached that status (its result, its expiry), or was sent while still open. */
  at: string;
  /** When an open one expires. */
  expiresAt: string | null;
};

/**
 * One command a punishment sent to one game server, and what became of it there: a ban goes to
 * the server it names; a network ban also kicks the player from the server they are on; a ban that
 * ends (lifted, expired) sends an unban wherever it was.
 */
export type PunishmentServerDelivery = PunishmentDelivery & {
  serverId: string;
  serverName: string;
  command: PluginPlayerCommandType;
};

export type PunishmentItem = {
  id: string;
  kind: PunishmentKind;
  player: { steamId: string; name: string | null };
  reason: string;
  /** The panel user who issued it, or null for the game server's own (an imported ban). */
  issuedBy: { id: string; name: string } | null;
  issuedAt: string;
  /** Bans only: null means permanent. */
  expiresAt: string | null;
  /** Seconds until an active timed ban ends; null otherwise. */
  timeLeftSeconds: number | null;
  liftedAt: string | null;
  scope: BanScope;
  /** The server it was issued on (a network ban's too), null when that server was deleted. */
  serverId: string | null;
  serverName: string | null;
  state: PunishmentState | null;
  /** Kicks and warns: their command's delivery; null for bans (and when no command was sent). */
  delivery: PunishmentDelivery | null;
  /** Every command it sent, oldest first, each with its server and state (a ban's per server). */
  deliveries: PunishmentServerDelivery[];
};

export type PunishmentsResponse = {
  punishments: PunishmentItem[];
  /** The next (older) page's `before`, null on the last page. */
  nextCursor: string | null;
};

/** PATCH /api/punishments/{id}: a ban's reason or expiry (null: permanent). */
export type UpdatePunishmentRequest = { reason?: string; expiresAt?: string | null };

/** POST /api/punishments/{id}/lift: ends a ban early on every server it reached, saying why. */
export type LiftPunishmentRequest = { reason: string };

/** POST /api/servers/{id}/punishments/import: the server's own ban list (`banlistex`) is read. */
export type ImportPunishmentsResponse = {
  /** The console command that asks the server for its list; its result is stored when it arrives. */
  commandId: string;
};
