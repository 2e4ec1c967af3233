// What presence needs of a player a game server reports as online (the plugin protocol's
// heartbeat player is one): declared here, so players/ depends on no protocol module.

export type RosterPlayer = {
  steamId: string;
  name: string;
  ip?: string;
  groups?: string[];
  /** How long they have been connected, as the server reports it. */
  connectedSeconds?: number;
};

/**
 * An online player's stored lastSeen is refreshed once it is this old, not on every heartbeat:
 * shown as "Just now" either way (under a minute), it saves most writes of a live network.
 */
export const LAST_SEEN_REFRESH_MS = 30_000;

/** A player's groups as stored: lower-case, without surrounding spaces, each once. */
export const groupsOf = (player: Pick<RosterPlayer, 'groups'>): string[] | undefined =>
  player.groups ? [...new Set(player.groups.map((group) => group.trim().toLowerCase()))] : undefined;
