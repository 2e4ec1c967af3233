import { Injectable } from '@nestjs/common';
import { Leadership } from '../../core/cluster';

/** What keeping a connection's lease found: still held, lost to another, or no answer now. */
export type OwnershipCheck = 'held' | 'lost' | 'unsure';

/**
 * Which instance holds a server's RCON connection. One connection per server: with several API
 * instances behind a load balancer only one of them may dial the game server. Each claim gets a
 * fencing token above every earlier one (the row's owner_token, which RconConnections raises to
 * it), so the writes of an owner that lost its claim unnoticed are refused once a newer one exists.
 */
export abstract class ConnectionOwnership {
  /** A fencing token above `floor` when this instance holds (now takes) the connection; else null. */
  abstract claim(serverId: string, floor: number): Promise<number | null>;
  /**
   * Keeps the claim (every few seconds while the connection runs). `unsure`: it cannot tell now
   * (Redis away): nobody can claim meanwhile either, so the connection goes on, fenced by its token.
   */
  abstract renew(serverId: string, token: number): Promise<OwnershipCheck>;
  /** This instance no longer holds it (stopped, removed, shutting down): another may take it now. */
  abstract release(serverId: string, token: number): Promise<void>;
  /** Tells the other instances to look at the server again (its settings were saved or removed). */
  abstract announce(serverId: string): Promise<void>;
  /**
   * `look` is called when servers should be looked at again: one (another instance announced it or
   * gave it up), or every one (null: this instance may hold connections now, or no longer may).
   */
  abstract watch(look: (serverId: string | null) => Promise<void>): void;
}

/**
 * Without Redis: the leader holds every connection. One instance on SQLite is always the leader
 * (today's single process); several on PostgreSQL hand the connections over with the advisory
 * lock. Settings saved on another instance reach the leader at its next look (every few seconds).
 */
@Injectable()
export class LeaderOwnership extends ConnectionOwnership {
  constructor(private readonly leadership: Leadership) {
    super();
  }

  claim(_serverId: string, floor: number): Promise<number | null> {
    return Promise.resolve(this.leadership.isLeader ? floor + 1 : null);
  }

  renew(): Promise<OwnershipCheck> {
    return Promise.resolve(this.leadership.isLeader ? 'held' : 'lost');
  }

  release(): Promise<void> {
    return Promise.resolve();
  }

  announce(): Promise<void> {
    return Promise.resolve();
  }

  watch(look: (serverId: string | null) => Promise<void>): void {
    // Becoming the leader takes every connection; stepping down gives them all up before the
    // next leader may (the role's stop is awaited).
    this.leadership.hold({ name: 'RCON connections', start: () => look(null), stop: () => look(null) });
  }
}
