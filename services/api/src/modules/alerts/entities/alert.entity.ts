import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { AlertKind, AlertState } from '@outpost/contracts';
import { randomUUID } from 'node:crypto';

/**
 * One incident: a rule and its subject (a server, a player, a member, a report). `openKey` is
 * `rule|subject` while it fires and null once resolved; it is unique, so two instances that see the
 * same thing store one incident.
 */
@Entity({ tableName: 'alerts' })
export class AlertRecord {
  [OptionalProps]?: 'id' | 'serverId' | 'serverName' | 'openKey' | 'resolvedAt' | 'flaps';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 36 })
  networkId!: string;

  @Property({ type: 'string', length: 36, nullable: true })
  serverId: string | null = null;

  /** As it was when the alert fired (the server may be renamed or deleted later). */
  @Property({ type: 'string', length: 300, nullable: true })
  serverName: string | null = null;

  /** An alert_rules id, or a settings rule's (`<networkId>:server_offline`). */
  @Property({ type: 'string', length: 80 })
  ruleId!: string;

  @Property({ type: 'string', length: 32 })
  kind!: AlertKind;

  /** What the incident is about: `server:<id>`, `player:<steamId>`, `member:<userId>`, `report:<id>`. */
  @Property({ type: 'string', length: 120 })
  subject!: string;

  @Property({ type: 'string', length: 240, nullable: true })
  openKey: string | null = null;

  @Property({ type: 'string', length: 500 })
  title!: string;

  @Property({ type: 'string', length: 16 })
  state!: AlertState;

  @Property({ type: 'Date' })
  firedAt!: Date;

  /** When it last fired or reopened: the bell counts it unread after this. */
  @Property({ type: 'Date' })
  openedAt!: Date;

  @Property({ type: 'Date', nullable: true })
  resolvedAt: Date | null = null;

  @Property({ type: 'integer' })
  flaps: number = 0;
}
