import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { JsonTextType } from '../../core/database';

/** One event a plugin reported (chat, kill, connect, ...), unique per server and event id. */
@Entity({ tableName: 'server_events' })
export class ServerEvent {
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 36 })
  networkId!: string;

  @Property({ type: 'string', length: 36 })
  serverId!: string;

  @Property({ type: 'string', length: 64 })
  eventId!: string;

  @Property({ type: 'string', length: 16 })
  type!: string;

  @Property({ type: 'string', length: 32, nullable: true })
  steamId: string | null = null;

  @Property({ type: 'string', length: 32, nullable: true })
  targetSteamId: string | null = null;

  @Property({ type: JsonTextType, columnType: 'text' })
  payload!: Record<string, unknown>;

  @Property({ type: 'Date' })
  at!: Date;

  @Property({ type: 'Date' })
  receivedAt!: Date;

  /** What the Logs search looks in (modules/logs searchTextOf); only the search reads it. */
  @Property({ type: 'text', nullable: true, lazy: true })
  searchText: string | null = null;
}
