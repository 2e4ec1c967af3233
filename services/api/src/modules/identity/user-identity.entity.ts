import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/** A provider account (GitHub user 123, ...) linked to one of our users. */
@Entity({ tableName: 'user_identities' })
@Unique({ properties: ['provider', 'providerUserId'] })
export class UserIdentity {
  [OptionalProps]?: 'createdAt' | 'email';

  @PrimaryKey({ type: 'string', length: 64 })
  id!: string;

  @Index()
  @Property({ type: 'string', length: 64 })
  userId!: string;

  @Property({ type: 'string', length: 32 })
  provider!: string;

  @Property({ type: 'string', length: 255 })
  providerUserId!: string;

  @Property({ type: 'string', length: 320, nullable: true })
  email: string | null = null;

  @Property({ type: 'Date' })
  createdAt: Date = new Date();
}
