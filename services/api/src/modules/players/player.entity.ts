import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { PlayerStatus } from '@outpost/contracts';
import { randomUUID } from 'node:crypto';
import { JsonTextType } from '../../core/database';

/** A player of a network, keyed by steamId; kept up to date by the game servers' heartbeats. */
@Entity({ tableName: 'players' })
export class PlayerRecord {
  [OptionalProps]?:
    | 'id'
    | 'status'
    | 'playtimeMinutes'
    | 'totalSessions'
    | 'totalKills'
    | 'totalDeaths'
    | 'headshots'
    | 'isAdmin'
    | 'isModerator'
    | 'groups'
    | 'currentServerId'
    | 'lastServerId'
    | 'lastIp';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 36 })
  networkId!: string;

  @Property({ type: 'string', length: 32 })
  steamId!: string;

  @Property({ type: 'string', length: 100 })
  displayName!: string;

  @Property({ type: 'string', length: 16 })
  status: PlayerStatus = 'offline';

  @Property({ type: 'Date' })
  firstJoined!: Date;

  @Property({ type: 'Date' })
  lastSeen!: Date;

  @Property({ type: 'integer' })
  playtimeMinutes: number = 0;

  @Property({ type: 'integer' })
  totalSessions: number = 0;

  @Property({ type: 'integer' })
  totalKills: number = 0;

  @Property({ type: 'integer' })
  totalDeaths: number = 0;

  @Property({ type: 'integer' })
  headshots: number = 0;

  @Property({ type: 'boolean' })
  isAdmin: boolean = false;

  @Property({ type: 'boolean' })
  isModerator: boolean = false;

  @Property({ type: JsonTextType, columnType: 'text' })
  groups: string[] = [];

  /** The server the player is on now; null when offline. */
  @Property({ type: 'string', length: 36, nullable: true })
  currentServerId: string | null = null;

  /** The server of the latest session. */
  @Property({ type: 'string', length: 36, nullable: true })
  lastServerId: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  lastIp: string | null = null;
}

@Entity({ tableName: 'player_sessions' })
export class PlayerSession {
  [OptionalProps]?: 'id' | 'leftAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 36 })
  networkId!: string;

  @Property({ type: 'string', length: 36 })
  playerId!: string;

  @Property({ type: 'string', length: 36 })
  serverId!: string;

  @Property({ type: 'Date' })
  joinedAt!: Date;

  @Property({ type: 'Date', nullable: true })
  leftAt: Date | null = null;
}

@Entity({ tableName: 'player_ips' })
export class PlayerIp {
  [OptionalProps]?: 'id';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 36 })
  playerId!: string;

  @Property({ type: 'string', length: 64 })
  ip!: string;

  @Property({ type: 'Date' })
  firstSeen!: Date;

  @Property({ type: 'Date' })
  lastSeen!: Date;
}
