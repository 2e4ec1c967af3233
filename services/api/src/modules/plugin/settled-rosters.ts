import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { HeartbeatInput, HeartbeatPlayerInput } from '@outpost/validation';
import type { DomainEvent } from '../../core/events';
import { groupsOf, LAST_SEEN_REFRESH_MS } from '../players';
import type { ServerToken } from '../servers';

/**
 * Servers remembered at most; past it the map starts over (each server settles again). A roster
 * of a hundred players takes about 15 KB: 10,000 servers, about 150 MB.
 */
const SETTLED_ROSTERS_LIMIT = 10_000;

export const statusOf = (input: HeartbeatInput): 'starting' | 'online' =>
  input.starting ? 'starting' : 'online';

/**
 * The reported players as far as the stored state goes: who, under which name, address and
 * groups, four strings a player in the order reported. Kept for each settled server (a hundred
 * players: about 15 KB) and compared field by field with each heartbeat: cheaper than hashing
 * them (no text put together, nothing to collect afterwards), and exact.
 */
type Roster = readonly string[];
const FIELDS_PER_PLAYER = 4;

/** The groups as stored (groupsOf), as one string; `-` for none reported. */
const groupsKey = (player: HeartbeatPlayerInput): string => groupsOf(player)?.join(',') ?? '-';

const rosterOf = (players: readonly HeartbeatPlayerInput[]): Roster => {
  const roster: string[] = [];
  for (const player of players) roster.push(player.steamId, player.name, player.ip ?? '', groupsKey(player));
  return roster;
};

/** Whether `players` are the roster's, in its order, under the same names, addresses and groups. */
const sameRoster = (roster: Roster, players: readonly HeartbeatPlayerInput[]): boolean => {
  if (roster.length !== players.length * FIELDS_PER_PLAYER) return false;
  for (let i = 0, at = 0; i < players.length; i += 1, at += FIELDS_PER_PLAYER) {
    const player = players[i];
    if (
      player.steamId !== roster[at] ||
      player.name !== roster[at + 1] ||
      (player.ip ?? '') !== roster[at + 2] ||
      // Most players report no groups: nothing to normalise then.
      (player.groups === undefined ? roster[at + 3] !== '-' : groupsKey(player) !== roster[at + 3])
    )
      return false;
  }
  return true;
};

type Settled = { serverId: string; networkId: string; secretHash: string; roster: Roster; at: number };

/**
 * What each server's last full heartbeat stored (its players, see Roster, and when), by
 * the token it came with (its server and the hash of its secret), so that a heartbeat reporting
 * the same players can skip them and its token can be checked by the one statement that stores
 * the server's state. Nothing here is trusted on its own: that statement checks the token, the
 * server's status and its waiting commands in the database, so several panel processes stay
 * correct (another process's change reaches this one there, and at worst after
 * LAST_SEEN_REFRESH_MS). A token rotated or a server deleted in this process is forgotten at once.
 */
@Injectable()
export class SettledRosters implements OnModuleInit {
  private readonly settled = new Map<string, Settled>();

  constructor(private readonly emitter: EventEmitter2) {}

  onModuleInit(): void {
    for (const action of ['server.tokenRotated', 'server.deleted'] as const)
      this.emitter.on(action, (event: DomainEvent) => this.forgetServer(event.target.id));
  }

  /**
   * The server of a token whose roster settled in this process lately; a route that lets the
   * caller through on it checks the token in its own statement.
   */
  serverIdOf(token: ServerToken, now: Date): string | undefined {
    return this.fresh(token, now)?.serverId;
  }

  /**
   * The server and network (what a steady heartbeat's event names) of a token whose heartbeat has
   * nothing to do for the players: the same players as its last full one, which stored them all
   * as online here with their sessions open and none banned, at most LAST_SEEN_REFRESH_MS ago, so
   * their lastSeen needs no refresh yet. That the token still holds, the server was not marked
   * offline since (the sweep closes its sessions then) and no command waits are the steady
   * statement's to check.
   */
  steadyServerOf(
    token: ServerToken,
    players: readonly HeartbeatPlayerInput[],
    now: Date,
  ): { id: string; networkId: string } | undefined {
    const last = this.fresh(token, now);
    return last && sameRoster(last.roster, players)
      ? { id: last.serverId, networkId: last.networkId }
      : undefined;
  }

  remember(
    token: ServerToken,
    server: { id: string; networkId: string },
    players: readonly HeartbeatPlayerInput[],
    now: Date,
  ): void {
    if (this.settled.size >= SETTLED_ROSTERS_LIMIT) this.settled.clear();
    this.settled.set(token.tokenId, {
      serverId: server.id,
      networkId: server.networkId,
      secretHash: token.secretHash,
      roster: rosterOf(players),
      at: now.getTime(),
    });
  }

  forget(token: ServerToken): void {
    this.settled.delete(token.tokenId);
  }

  private forgetServer(serverId: string): void {
    for (const [tokenId, last] of this.settled) if (last.serverId === serverId) this.settled.delete(tokenId);
  }

  private fresh(token: ServerToken, now: Date): Settled | undefined {
    const last = this.settled.get(token.tokenId);
    // Hashes compared, not secrets: how long the comparison takes tells nothing worth knowing.
    if (!last || token.secretHash !== last.secretHash) return undefined;
    const age = now.getTime() - last.at;
    return age >= 0 && age < LAST_SEEN_REFRESH_MS ? last : undefined;
  }
}
