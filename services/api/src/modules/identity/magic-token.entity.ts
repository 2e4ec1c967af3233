import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * An e-mailed sign-in link. The secret itself is only in the e-mail; the row keeps its SHA-256.
 * `userId` is the account the link signs into; for an unknown e-mail that account is created
 * only when the link is used (so asking for links never creates accounts).
 */
@Entity({ tableName: 'magic_tokens' })
export class MagicToken {
  [OptionalProps]?: 'createdAt' | 'usedAt';

  @PrimaryKey({ type: 'string', length: 64 })
  id!: string;

  @Index()
  @Property({ type: 'string', length: 64 })
  userId!: string;

  @Property({ type: 'string', length: 320 })
  email!: string;

  @Property({ type: 'string', length: 64, unique: true })
  secretHash!: string;

  @Property({ type: 'Date' })
  createdAt: Date = new Date();

  @Property({ type: 'Date' })
  expiresAt!: Date;

  @Property({ type: 'Date', nullable: true })
  usedAt: Date | null = null;
}
