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
  [OptionalProps]?:
    | 'id'
    | 'serverId'
    | 'threshold'
    | 'minutes'
    | 'steamIds'
    | 'channelIds'
    | 'enabled'
    | 'armedAt'
    | 'createdAt';

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

  /**
   * The channels its alerts go to; empty: every channel of the network (the API answers null). A
   * deleted channel is taken out of every rule (ChannelsService.remove), so one left with none
   * goes back to all.
   */
  @Property({ type: JsonTextType, columnType: 'text' })
  channelIds: string[] = [];

  @Property({ type: 'boolean' })
  enabled: boolean = true;

  /**
   * When it began watching what it watches now (added, changed, turned on): a threshold rule
   * counts only the minutes that began after it, so it waits its minutes before it fires.
   */
  @Property({ type: 'Date' })
  armedAt: Date = new Date();

  @Property({ type: 'Date' })
  createdAt: Date = new Date();
}
