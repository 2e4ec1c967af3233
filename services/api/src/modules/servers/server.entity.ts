import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import {
  DEFAULT_MAX_PLAYERS,
  type GradientDirection,
  type RconState,
  type ServerStatus,
} from '@outpost/contracts';
import { randomUUID } from 'node:crypto';

@Entity({ tableName: 'servers' })
export class GameServer {
  [OptionalProps]?:
    | 'id'
    | 'actualName'
    | 'status'
    | 'connectionAddress'
    | 'playerCount'
    | 'maxPlayers'
    | 'map'
    | 'uptime'
    | 'gradientFrom'
    | 'gradientTo'
    | 'gradientDirection'
    | 'lastSeenAt'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 36 })
  networkId!: string;

  /** Stripped of tags and HTML-encoded (spec section 5). */
  @Property({ type: 'string', length: 300 })
  name!: string;

  /** The hostname the game server reports; null until its first heartbeat. */
  @Property({ type: 'string', length: 300, nullable: true })
  actualName: string | null = null;

  @Property({ type: 'string', length: 16 })
  status: ServerStatus = 'offline';

  @Property({ type: 'string', length: 255 })
  connectionAddress: string = '';

  @Property({ type: 'integer' })
  playerCount: number = 0;

  @Property({ type: 'integer' })
  maxPlayers: number = DEFAULT_MAX_PLAYERS;

  @Property({ type: 'string', length: 200, nullable: true })
  map: string | null = null;

  /** Seconds since the game server started. */
  @Property({ type: 'integer' })
  uptime: number = 0;

  @Property({ type: 'string', length: 7, nullable: true })
  gradientFrom: string | null = null;

  @Property({ type: 'string', length: 7, nullable: true })
  gradientTo: string | null = null;

  @Property({ type: 'string', length: 8, nullable: true })
  gradientDirection: GradientDirection | null = null;

  /** Public half of the plugin token: finds the row without revealing anything. */
  @Property({ type: 'string', length: 32, unique: true, hidden: true })
  tokenId!: string;

  /** SHA-256 (hex) of the token's secret; the token itself is never stored. */
  @Property({ type: 'string', length: 64, hidden: true })
  tokenHash!: string;

  @Property({ type: 'Date', nullable: true })
  lastSeenAt: Date | null = null;

  /** The agent it reports through (outpost-bridge), from its User-Agent; null for a plugin. */
  @Property({ type: 'string', length: 64, nullable: true })
  agentName: string | null = null;

  @Property({ type: 'string', length: 32, nullable: true })
  agentVersion: string | null = null;

  /** The address the agent's heartbeats come from, as the panel sees it (TRUST_PROXY applies). */
  @Property({ type: 'string', length: 64, nullable: true })
  agentAddress: string | null = null;

  /**
   * The agent's RCON connection to the game server as it last said (POST /agent-state): its
   * state, why, since when (its clock, never later than the panel's) and when the panel heard it.
   */
  @Property({ type: 'string', length: 16, nullable: true })
  agentState: RconState | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  agentDetail: string | null = null;

  @Property({ type: 'Date', nullable: true })
  agentStateSince: Date | null = null;

  @Property({ type: 'Date', nullable: true })
  agentStateAt: Date | null = null;

  @Property({ type: 'Date' })
  createdAt: Date = new Date();

  @Property({ type: 'Date', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

/** What a plugin request knows of its server: read on every request, so a plain object. */
export type PluginServer = Pick<
  GameServer,
  'id' | 'networkId' | 'status' | 'map' | 'actualName' | 'uptime' | 'lastSeenAt'
>;
