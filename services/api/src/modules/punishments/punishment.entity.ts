import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { BanScope, PunishmentType } from '@outpost/contracts';
import { randomUUID } from 'node:crypto';

/**
 * A kick, warn, ban or unban issued from the panel (or a ban imported from a server's own list). A
 * ban holds until lifted or expired, where its scope reaches: the rule is in ban-rule.ts.
 */
@Entity({ tableName: 'punishments' })
export class PunishmentRecord {
  [OptionalProps]?:
    | 'id'
    | 'expiresAt'
    | 'liftedAt'
    | 'serverId'
    | 'issuedById'
    | 'issuedByName'
    | 'scope'
    | 'expiryHandledAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 36 })
  networkId!: string;

  @Property({ type: 'string', length: 36 })
  playerId!: string;

  @Property({ type: 'string', length: 32 })
  steamId!: string;

  @Property({ type: 'string', length: 16 })
  type!: PunishmentType;

  @Property({ type: 'string', length: 500 })
  reason!: string;

  @Property({ type: 'string', length: 64, nullable: true })
  issuedById: string | null = null;

  @Property({ type: 'string', length: 320, nullable: true })
  issuedByName: string | null = null;

  @Property({ type: 'Date' })
  issuedAt!: Date;

  /** Bans only: null means permanent. */
  @Property({ type: 'Date', nullable: true })
  expiresAt: Date | null = null;

  /** When an unban lifted this ban. */
  @Property({ type: 'Date', nullable: true })
  liftedAt: Date | null = null;

  /** The server it was issued on (for a network ban too); null once that server is deleted. */
  @Property({ type: 'string', length: 36, nullable: true })
  serverId: string | null = null;

  /** Bans: the server it was issued on, or the whole network (servers added later too). */
  @Property({ type: 'string', length: 16 })
  scope: BanScope = 'network';

  /** When the expiry sweep told the servers an expired ban ended (unban commands queued). */
  @Property({ type: 'Date', nullable: true })
  expiryHandledAt: Date | null = null;
}
