import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { CommandStatus, PluginCommandType } from '@outpost/contracts';
import { randomUUID } from 'node:crypto';
import { JsonTextType } from '../../core/database';

/** A command about one player: kick, warn, ban, unban. */
export type PlayerCommandPayload = {
  steamId: string;
  reason: string;
  /** The player's name as the panel knows it (a game's ban list keeps it beside the id). */
  name?: string;
  /** Bans only: ISO time the ban ends, null when permanent. */
  expiresAt?: string | null;
};

/** A console command, run as typed. */
export type ConsoleCommandPayload = { command: string };

export type CommandPayload = PlayerCommandPayload | ConsoleCommandPayload;

/** pending until a heartbeat or long-poll hands it out, delivered until the plugin reports its result. */
export const OPEN_COMMAND_STATUSES = ['pending', 'delivered'] as const satisfies readonly CommandStatus[];

/**
 * Something a game server must do: kick, warn, ban, unban a player, or run a console command.
 * Kept in the table the plugin module created (`plugin_commands`).
 */
@Entity({ tableName: 'plugin_commands' })
export class CommandRecord {
  [OptionalProps]?:
    | 'id'
    | 'status'
    | 'output'
    | 'punishmentId'
    | 'deliveredAt'
    | 'completedAt'
    | 'issuedById'
    | 'issuedByName';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 36 })
  networkId!: string;

  @Property({ type: 'string', length: 36 })
  serverId!: string;

  @Property({ type: 'string', length: 16 })
  type!: PluginCommandType;

  @Property({ type: JsonTextType, columnType: 'text' })
  payload!: CommandPayload;

  @Property({ type: 'string', length: 16 })
  status: CommandStatus = 'pending';

  @Property({ type: 'text', nullable: true })
  output: string | null = null;

  @Property({ type: 'string', length: 36, nullable: true })
  punishmentId: string | null = null;

  /** Who sent it from the panel; null for the panel's own (a banned player's kick). */
  @Property({ type: 'string', length: 64, nullable: true })
  issuedById: string | null = null;

  /** Their name as it was then. */
  @Property({ type: 'string', length: 200, nullable: true })
  issuedByName: string | null = null;

  @Property({ type: 'Date' })
  createdAt!: Date;

  @Property({ type: 'Date', nullable: true })
  deliveredAt: Date | null = null;

  @Property({ type: 'Date', nullable: true })
  completedAt: Date | null = null;
}
