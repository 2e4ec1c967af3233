import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { InviteMetadata, InviteRole } from '@outpost/contracts';
import { randomUUID } from 'node:crypto';
import { JsonTextType } from '../../core/database';

@Entity({ tableName: 'invites' })
export class Invite {
  [OptionalProps]?: 'id' | 'role' | 'currentUses' | 'isActive' | 'createdAt' | 'metadata';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 17, unique: true })
  code!: string;

  @Property({ type: 'string', length: 36 })
  networkId!: string;

  @Property({ type: 'string', length: 64 })
  createdBy!: string;

  /** The role whoever joins with it gets. */
  @Property({ type: 'string', length: 16 })
  role: InviteRole = 'member';

  @Property({ type: 'integer' })
  maxUses!: number;

  /** Only ever changed by the atomic conditional UPDATE of a join. */
  @Property({ type: 'integer' })
  currentUses: number = 0;

  /** False once revoked. */
  @Property({ type: 'boolean' })
  isActive: boolean = true;

  @Property({ type: 'Date' })
  expiresAt!: Date;

  @Property({ type: JsonTextType, columnType: 'text' })
  metadata: InviteMetadata = {};

  @Property({ type: 'Date' })
  createdAt: Date = new Date();
}
