import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { AuditAction, AuditTargetType } from '@outpost/contracts';
import { randomUUID } from 'node:crypto';
import { JsonTextType } from '../../core/database';

@Entity({ tableName: 'audit_entries' })
export class AuditEntryRecord {
  [OptionalProps]?: 'id' | 'createdAt' | 'details';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  /** Null for the entry that records the network's own deletion. */
  @Property({ type: 'string', length: 36, nullable: true })
  networkId!: string | null;

  /** Kept so an entry still reads well after a rename or deletion. */
  @Property({ type: 'string', length: 100 })
  networkName!: string;

  @Property({ type: 'string', length: 32 })
  action!: AuditAction;

  @Property({ type: 'string', length: 64 })
  actorId!: string;

  @Property({ type: 'string', length: 320 })
  actorName!: string;

  @Property({ type: 'string', length: 16 })
  targetType!: AuditTargetType;

  @Property({ type: 'string', length: 64 })
  targetId!: string;

  @Property({ type: 'string', length: 320 })
  targetName!: string;

  @Property({ type: JsonTextType, columnType: 'text' })
  details: Record<string, unknown> = {};

  @Property({ type: 'Date' })
  createdAt: Date = new Date();
}
