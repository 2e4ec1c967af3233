import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { PunishmentType } from '@outpost/contracts';
import { randomUUID } from 'node:crypto';

/** A kick, warn, ban or unban issued from the panel; a ban holds until lifted or expired. */
@Entity({ tableName: 'punishments' })
export class PunishmentRecord {
  [OptionalProps]?: 'id' | 'expiresAt' | 'liftedAt' | 'serverId' | 'issuedById' | 'issuedByName';

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

  @Property({ type: 'string', length: 36, nullable: true })
  serverId: string | null = null;
}
