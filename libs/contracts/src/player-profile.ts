// GET /api/players/{steamId}?networkId=: the player profile's tabs (Statistics, Groups, Activity,
// Sessions, Punishments, Chat Logs), all from what the game servers reported (DESIGN section 9).
import type { Player } from './entities';
import type { PunishmentDelivery, PunishmentServerDelivery } from './punishments';

export type PlayerSession = {
  id: string;
  serverId: string;
  serverName: string;
  joinedAt: string;
  /** null while the session is still open. */
  leftAt: string | null;
  /** Minutes; up to now for an open session. */
  duration: number;
};

export const PUNISHMENT_TYPES = ['kick', 'warn', 'ban', 'unban'] as const;
export type PunishmentType = (typeof PUNISHMENT_TYPES)[number];

export type Punishment = {
  id: string;
  type: PunishmentType;
  reason: string;
  /** The panel user who issued it (display name), or null for the game server itself. */
  issuedBy: string | null;
  issuedAt: string;
  /** Bans only: null means permanent. */
  expiresAt: string | null;
  /** A ban that still holds (not lifted, not expired); false for everything else. */
  active: boolean;
  serverId: string | null;
  serverName: string | null;
  /** Kicks and warns: what became of their command; null for bans and unbans (and when none was sent). */
  delivery: PunishmentDelivery | null;
  /**
   * Every command it sent, oldest first, each with its server and state: a ban's on each server it
   * reached (with the kick where the player was, and the unbans once it ended), an unban's too.
   */
  deliveries: PunishmentServerDelivery[];
};

export const CHAT_CHANNELS = ['global', 'team'] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];

export type PlayerChatMessage = {
  id: string;
  serverId: string;
  serverName: string;
  channel: ChatChannel;
  message: string;
  sentAt: string;
};

export const PLAYER_ACTIVITY_TYPES = ['connect', 'disconnect', 'kill', 'death', 'report'] as const;
export type PlayerActivityType = (typeof PLAYER_ACTIVITY_TYPES)[number];

export type PlayerActivity = {
  id: string;
  type: PlayerActivityType;
  at: string;
  serverName: string | null;
  /** A line for a person, e.g. "Killed Rex with an AK-47 at 120 m (headshot)". */
  description: string;
};

export type PlayerIpRecord = { ip: string; firstSeen: string; lastSeen: string };

export type PlayerProfile = {
  player: Player;
  /** Permission groups the game servers report (admin, moderator, vip, ...); empty when none. */
  groups: string[];
  /** Newest first. */
  sessions: PlayerSession[];
  punishments: Punishment[];
  chat: PlayerChatMessage[];
  activity: PlayerActivity[];
  /** Only for owners, admins and moderators (permission players.viewIp); absent otherwise. */
  ipHistory?: PlayerIpRecord[];
  /**
   * The staff's and automations' notes on the player, newest first, at most PLAYER_NOTES_SHOWN:
   * only for those who work reports or moderate players (reports.work or players.moderate);
   * absent otherwise, as the IP history is.
   */
  notes?: PlayerNote[];
};

/** What POST /api/players/{steamId}/kick|warn|ban|unban answers. */
export type PlayerActionResponse = {
  punishment: Punishment;
  /** The command queued for the chosen server's plugin (delivered with its next heartbeat answer). */
  commandId: string;
};

/** A note on a player by the network's staff or an automation (newest first on the profile). */
export type PlayerNote = {
  id: string;
  text: string;
  /** A user's id, or `automation:<id>`. */
  authorId: string;
  authorName: string;
  createdAt: string;
};

/** The newest notes the profile shows (older ones stay stored). */
export const PLAYER_NOTES_SHOWN = 100;
/** A note added by hand (an automation's is bounded by its own action). */
export const PLAYER_NOTE_MAX_LENGTH = 500;

/** POST /api/networks/{networkId}/players/{steamId}/notes: answered with the note (201). */
export type AddPlayerNoteRequest = { text: string };
