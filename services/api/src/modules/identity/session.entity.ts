import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export const SESSION_PROVIDERS = ['magic-url', 'oauth2', 'demo'] as const;
export type SessionProvider = (typeof SESSION_PROVIDERS)[number];

/**
 * A signed-in browser. The cookie carries a random secret; only its SHA-256 is stored, so a
 * database leak does not hand out sessions. `id` is public: JWTs name it and the profile lists it.
 */
@Entity({ tableName: 'sessions' })
export class Session {
  [OptionalProps]?: 'providerName' | 'ip' | 'userAgent' | 'createdAt' | 'lastUsedAt' | 'endedAt';

  @PrimaryKey({ type: 'string', length: 64 })
  id!: string;

  @Index()
  @Property({ type: 'string', length: 64 })
  userId!: string;

  @Property({ type: 'string', length: 64, unique: true })
  secretHash!: string;

  @Property({ type: 'string', length: 32 })
  provider!: SessionProvider;

  /** The OAuth provider (github, ...) when provider is oauth2. */
  @Property({ type: 'string', length: 32, nullable: true })
  providerName: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  ip: string | null = null;

  @Property({ type: 'string', length: 512, nullable: true })
  userAgent: string | null = null;

  @Property({ type: 'Date' })
  createdAt: Date = new Date();

  @Property({ type: 'Date' })
  expiresAt!: Date;

  @Property({ type: 'Date', nullable: true })
  lastUsedAt: Date | null = null;

  /** Set at logout (or when the user ends it from the profile): its cookie and JWTs stop working. */
  @Property({ type: 'Date', nullable: true })
  endedAt: Date | null = null;
}
