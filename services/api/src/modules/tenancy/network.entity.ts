import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { DEFAULT_NOTIFICATIONS, type GradientDirection } from '@outpost/contracts';
import { randomUUID } from 'node:crypto';

@Entity({ tableName: 'networks' })
export class Network {
  [OptionalProps]?:
    'id' | 'description' | 'notifyServerOffline' | 'notifyNewMembers' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'string', length: 500 })
  description: string = '';

  @Property({ type: 'string', length: 7 })
  gradientFrom!: string;

  @Property({ type: 'string', length: 7 })
  gradientTo!: string;

  @Property({ type: 'string', length: 8 })
  gradientDirection!: GradientDirection;

  @Property({ type: 'boolean' })
  notifyServerOffline: boolean = DEFAULT_NOTIFICATIONS.serverOffline;

  @Property({ type: 'boolean' })
  notifyNewMembers: boolean = DEFAULT_NOTIFICATIONS.newMembers;

  /** The one owner; also a member row with role owner. Never changed through the API. */
  @Property({ type: 'string', length: 64 })
  ownerId!: string;

  @Property({ type: 'Date' })
  createdAt: Date = new Date();

  @Property({ type: 'Date', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
