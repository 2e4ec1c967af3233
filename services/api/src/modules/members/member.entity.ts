import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { Role } from '@outpost/contracts';
import { randomUUID } from 'node:crypto';

/** A user's place in a network; the role here is the only source of what they may do there. */
@Entity({ tableName: 'network_members' })
@Unique({ properties: ['networkId', 'userId'] })
export class NetworkMember {
  [OptionalProps]?: 'id' | 'joinedAt' | 'invitedBy';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 36 })
  networkId!: string;

  @Property({ type: 'string', length: 64 })
  userId!: string;

  @Property({ type: 'string', length: 16 })
  role!: Role;

  @Property({ type: 'Date' })
  joinedAt: Date = new Date();

  /** The user whose invite this member joined with (null: the owner, the demo, older rows). */
  @Property({ type: 'string', length: 64, nullable: true })
  invitedBy: string | null = null;
}
