import type { EntityManager } from '@mikro-orm/core';
import type { BanScope, Punishment } from '@outpost/contracts';

/** A ban that holds for a player: what the players list, the profile and presence show of it. */
export type HeldBan = {
  id: string;
  reason: string;
  expiresAt: Date | null;
  scope: BanScope;
  serverId: string | null;
};

export type HeldBansQuery = {
  networkId: string;
  /** The server asked about, or null for anywhere in the network. */
  serverId: string | null;
  steamIds: readonly string[];
  at: Date;
};

/**
 * What players/ reads of punishments, declared here and implemented by the punishments module
 * (which depends on players/, never the reverse). Whether a ban holds is its rule alone.
 */
export abstract class PlayerPunishments {
  /** The bans that hold at `at` for these players, on the server (or anywhere), the newest each. */
  abstract heldBans(em: EntityManager, query: HeldBansQuery): Promise<Map<string, HeldBan>>;

  /**
   * SQL for one column of a query over `players as p`: whether a ban of that player holds at the
   * first binding (a date as stored) on the server of the second.
   */
  abstract banHeldSql(): string;

  /**
   * SQL, a subquery: the ids of the players punished on the server bound at `?` (a ban imported
   * from that server's own list included), whether or not they ever played there since.
   */
  abstract punishedOnServerSql(): string;

  /**
   * A player's punishments, newest first, as the profile lists them (serverName left null), each
   * with what became of the commands it sent (a ban's per server, as the Punishments list shows).
   */
  abstract ofPlayer(em: EntityManager, playerId: string, now: Date): Promise<Punishment[]>;
}
