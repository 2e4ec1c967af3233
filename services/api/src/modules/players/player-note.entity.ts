import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** A note on a player, kept by the network's staff or an automation (shown on the profile). */
@Entity({ tableName: 'player_notes' })
export class PlayerNoteRecord {
  [OptionalProps]?: 'id' | 'createdAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 36 })
  networkId!: string;

  @Property({ type: 'string', length: 20 })
  steamId!: string;

  @Property({ type: 'text' })
  text!: string;

  /** A user's id, or `automation:<id>`. */
  @Property({ type: 'string', length: 64 })
  authorId!: string;

  @Property({ type: 'string', length: 200 })
  authorName!: string;

  @Property({ type: 'Date' })
  createdAt: Date = new Date();
}
