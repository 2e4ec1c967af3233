import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { AlertDelivery, AlertDeliveryStatus } from '@outpost/contracts';
import { randomUUID } from 'node:crypto';

/**
 * One message to one channel: an alert firing or resolving (once each per channel: unique), or a
 * channel's test (no alert). The dispatcher sends those due (next_attempt_at) on the leader.
 */
@Entity({ tableName: 'alert_deliveries' })
export class AlertDeliveryRecord {
  [OptionalProps]?:
    'id' | 'alertId' | 'status' | 'attempts' | 'lastError' | 'nextAttemptAt' | 'deliveredAt' | 'createdAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 36 })
  networkId!: string;

  /** Null for a test. */
  @Property({ type: 'string', length: 36, nullable: true })
  alertId: string | null = null;

  @Property({ type: 'string', length: 36 })
  channelId!: string;

  @Property({ type: 'string', length: 16 })
  event!: AlertDelivery['event'];

  @Property({ type: 'string', length: 16 })
  status: AlertDeliveryStatus = 'pending';

  @Property({ type: 'integer' })
  attempts: number = 0;

  @Property({ type: 'string', length: 500, nullable: true })
  lastError: string | null = null;

  /** When the dispatcher should try (again); null once it succeeded or failed for good. */
  @Property({ type: 'Date', nullable: true })
  nextAttemptAt: Date | null = null;

  @Property({ type: 'Date', nullable: true })
  deliveredAt: Date | null = null;

  @Property({ type: 'Date' })
  createdAt: Date = new Date();
}

/**
 * A new delivery's first state: the panel channel is delivered as it is stored (the bell reads it);
 * any other is pending, due now for the dispatcher.
 */
export const firstDeliveryState = (channelType: string, now: Date) => {
  const panel = channelType === 'panel';
  return {
    status: (panel ? 'succeeded' : 'pending') as AlertDeliveryStatus,
    attempts: panel ? 1 : 0,
    nextAttemptAt: panel ? null : now,
    deliveredAt: panel ? now : null,
    createdAt: now,
  };
};
