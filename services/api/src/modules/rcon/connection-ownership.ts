import { Injectable } from '@nestjs/common';

/**
 * Which process holds a server's RCON connection. One connection per server: with several API
 * processes behind a load balancer only one of them may dial the game server. Every start goes
 * through `claim`, every stop through `release`, so moving the decision onto a lease (Redis, a
 * PostgreSQL advisory lock) changes this provider only.
 */
export abstract class ConnectionOwnership {
  /** Whether this process holds (now takes) the server's connection. */
  abstract claim(serverId: string): Promise<boolean>;
  /** This process no longer holds it (stopped, removed, shutting down). */
  abstract release(serverId: string): Promise<void>;
}

/** One API process: it holds every connection. */
@Injectable()
export class SingleProcessOwnership extends ConnectionOwnership {
  claim(): Promise<boolean> {
    return Promise.resolve(true);
  }

  release(): Promise<void> {
    return Promise.resolve();
  }
}
