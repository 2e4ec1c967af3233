import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { Plan } from '@outpost/contracts';

// Column types are spelled out so discovery never depends on emitted design types.
@Entity({ tableName: 'users' })
export class User {
  /** Properties with a default: em.create() does not require them. */
  [OptionalProps]?: 'name' | 'emailVerified' | 'plan' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 64 })
  id!: string;

  @Property({ type: 'string', length: 320, unique: true })
  email!: string;

  @Property({ type: 'string', length: 100 })
  name: string = '';

  /** Null until the user picks one on the username setup screen. */
  @Property({ type: 'string', length: 64, nullable: true, unique: true })
  username: string | null = null;

  @Property({ type: 'string', length: 2048, nullable: true })
  avatar: string | null = null;

  @Property({ type: 'boolean' })
  emailVerified: boolean = false;

  @Property({ type: 'string', length: 32 })
  plan: Plan = 'free';

  @Property({ type: 'Date' })
  createdAt: Date = new Date();

  @Property({ type: 'Date', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  @Property({ type: 'Date', nullable: true })
  lastSeenAt: Date | null = null;
}
