import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** Where a user last marked the bell read: alerts opened after it count as unread. */
@Entity({ tableName: 'alert_read_marks' })
export class AlertReadMark {
  @PrimaryKey({ type: 'string', length: 64 })
  userId!: string;

  @Property({ type: 'Date' })
  readAt!: Date;
}
