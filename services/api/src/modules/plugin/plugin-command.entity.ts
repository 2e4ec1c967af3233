import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { JsonTextType } from '../../core/database/json-text.type';

export const PLUGIN_COMMAND_TYPES = ['kick', 'warn', 'ban', 'unban'] as const;
export type PluginCommandType = (typeof PLUGIN_COMMAND_TYPES)[number];

/** pending until a heartbeat answer carries it, delivered until the plugin reports its result. */
export const PLUGIN_COMMAND_STATUSES = ['pending', 'delivered', 'succeeded', 'failed'] as const;
export type PluginCommandStatus = (typeof PLUGIN_COMMAND_STATUSES)[number];

export type PluginCommandPayload = {
  steamId: string;
  reason: string;
  /** Bans only: ISO time the ban ends, null when permanent. */
  expiresAt?: string | null;
};

/** Something a game server's plugin must do (kick, warn, ban, unban a player). */
@Entity({ tableName: 'plugin_commands' })
export class PluginCommand {
  [OptionalProps]?: 'id' | 'status' | 'output' | 'punishmentId' | 'deliveredAt' | 'completedAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 36 })
  networkId!: string;

  @Property({ type: 'string', length: 36 })
  serverId!: string;

  @Property({ type: 'string', length: 16 })
  type!: PluginCommandType;

  @Property({ type: JsonTextType, columnType: 'text' })
  payload!: PluginCommandPayload;

  @Property({ type: 'string', length: 16 })
  status: PluginCommandStatus = 'pending';

  @Property({ type: 'text', nullable: true })
  output: string | null = null;

  @Property({ type: 'string', length: 36, nullable: true })
  punishmentId: string | null = null;

  @Property({ type: 'Date' })
  createdAt!: Date;

  @Property({ type: 'Date', nullable: true })
  deliveredAt: Date | null = null;

  @Property({ type: 'Date', nullable: true })
  completedAt: Date | null = null;
}
