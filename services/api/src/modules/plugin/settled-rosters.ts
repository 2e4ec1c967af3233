import { createHash } from 'node:crypto';
import type { PluginServer } from '../servers/server.entity';
import type { HeartbeatInput, HeartbeatPlayerInput } from './plugin-schemas';

/**
 * An online player's stored lastSeen is refreshed once it is this old, not on every heartbeat:
 * shown as "Just now" either way (under a minute), it saves most writes of a live network.
 */
export const LAST_SEEN_REFRESH_MS = 30_000;

/** Servers remembered at most; past it the map starts over (each server settles again). */
const SETTLED_ROSTERS_LIMIT = 50_000;

/** A player's groups as stored: lower-case, without surrounding spaces, each once. */
export const groupsOf = (player: HeartbeatPlayerInput): string[] | undefined =>
  player.groups ? [...new Set(player.groups.map((group) => group.trim().toLowerCase()))] : undefined;

export const statusOf = (input: HeartbeatInput): 'starting' | 'online' =>
  input.starting ? 'starting' : 'online';

/** The reported players as far as the stored state goes: who, under which name, address and groups. */
export const rosterFingerprint = (players: HeartbeatPlayerInput[]): string => {
  // One string hashed once: a hundred small updates cost more than the hashing itself.
  let roster = '';
  for (const player of players)
    roster += `${player.steamId}\u0000${player.name}\u0000${player.ip ?? ''}\u0000${groupsOf(player)?.join(',') ?? '-'}\u0001`;
  return createHash('sha1').update(roster).digest('base64');
};

/**
 * What each server's last full heartbeat stored (the fingerprint of its players, and when), so a
 * heartbeat reporting the same players can skip them. Only the fingerprint lives here; everything
 * else the decision needs is the database's, so several panel processes stay correct: another
 * process's change reaches this one through the server's status or its commands, and at worst
 * after LAST_SEEN_REFRESH_MS.
 */
export class SettledRosters {
  private readonly settled = new Map<string, { fingerprint: string; at: number }>();

  /**
   * Whether the full heartbeat has nothing to do for the players: the same players as the last
   * full one, which stored them all as online here with their sessions open and none banned; at
   * most LAST_SEEN_REFRESH_MS ago, so their lastSeen needs no refresh yet; and the server not
   * marked offline since (the sweep closes its sessions then). Waiting commands are the caller's
   * to check.
   */
  holds(server: PluginServer, input: HeartbeatInput, fingerprint: string, now: Date): boolean {
    const last = this.settled.get(server.id);
    if (!last || last.fingerprint !== fingerprint) return false;
    const age = now.getTime() - last.at;
    return age >= 0 && age < LAST_SEEN_REFRESH_MS && server.status === statusOf(input);
  }

  remember(serverId: string, fingerprint: string, now: Date): void {
    if (this.settled.size >= SETTLED_ROSTERS_LIMIT) this.settled.clear();
    this.settled.set(serverId, { fingerprint, at: now.getTime() });
  }

  forget(serverId: string): void {
    this.settled.delete(serverId);
  }
}
