import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { AlertChannelType } from '@outpost/contracts';
import { randomUUID } from 'node:crypto';
import { JsonTextType } from '../../../core/database';

/** Where a network's alerts go. Deleted with its network; its deliveries go with it. */
@Entity({ tableName: 'alert_channels' })
export class AlertChannelRecord {
  [OptionalProps]?: 'id' | 'emails' | 'url' | 'secretSealed' | 'enabled' | 'createdAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 36 })
  networkId!: string;

  @Property({ type: 'string', length: 16 })
  type!: AlertChannelType;

  @Property({ type: 'string', length: 100 })
  name!: string;

  /** email: the addresses; empty means the network's owner and admins at the time of sending. */
  @Property({ type: JsonTextType, columnType: 'text' })
  emails: string[] = [];

  @Property({ type: 'text', nullable: true })
  url: string | null = null;

  /** webhook: SecretBox.seal(secret), bound to the channel's id; the plain secret is answered once. */
  @Property({ type: 'text', nullable: true, hidden: true, lazy: false })
  secretSealed: string | null = null;

  @Property({ type: 'boolean' })
  enabled: boolean = true;

  @Property({ type: 'Date' })
  createdAt: Date = new Date();
}
