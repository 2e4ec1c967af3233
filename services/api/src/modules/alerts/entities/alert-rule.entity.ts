import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { AlertRuleKind } from '@outpost/contracts';
import { randomUUID } from 'node:crypto';
import { JsonTextType } from '../../../core/database';

/**
 * A rule someone added (the settings' two toggles are not rows: they live on the network, see
 * settings-rules.ts). Deleted with its network, or with its server when it names one.
 */
@Entity({ tableName: 'alert_rules' })
export class AlertRuleRecord {
  [OptionalProps]?: 'id' | 'serverId' | 'threshold' | 'minutes' | 'steamIds' | 'enabled' | 'createdAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 36 })
  networkId!: string;

  /** Null: every server of the network. */
  @Property({ type: 'string', length: 36, nullable: true })
  serverId: string | null = null;

  @Property({ type: 'string', length: 32 })
  kind!: AlertRuleKind;

  @Property({ type: 'double', nullable: true })
  threshold: number | null = null;

  @Property({ type: 'integer', nullable: true })
  minutes: number | null = null;

  /** player_joins: the watch list. */
  @Property({ type: JsonTextType, columnType: 'text' })
  steamIds: string[] = [];

  @Property({ type: 'boolean' })
  enabled: boolean = true;

  @Property({ type: 'Date' })
  createdAt: Date = new Date();
}
