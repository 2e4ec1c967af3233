import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { DiscordRuleDirection, DiscordSyncReport } from '@outpost/contracts';
import { randomUUID } from 'node:crypto';
import { JsonTextType } from '../../core/database';

/** A network's Discord guild (one network per guild, one guild per network). */
@Entity({ tableName: 'discord_guilds' })
export class DiscordGuildRecord {
  [OptionalProps]?: 'reportsChannelId' | 'linkedRoleId' | 'lastSync' | 'installedAt';

  /** The network's id: one guild per network. */
  @PrimaryKey({ type: 'string', length: 36 })
  networkId!: string;

  @Property({ type: 'string', length: 24, unique: true })
  guildId!: string;

  @Property({ type: 'string', length: 100 })
  guildName!: string;

  @Property({ type: 'string', length: 64 })
  installedBy!: string;

  @Property({ type: 'string', length: 24, nullable: true })
  reportsChannelId: string | null = null;

  @Property({ type: 'string', length: 24, nullable: true })
  linkedRoleId: string | null = null;

  @Property({ type: JsonTextType, columnType: 'text', nullable: true })
  lastSync: DiscordSyncReport | null = null;

  @Property({ type: 'Date' })
  installedAt: Date = new Date();
}

/** A player's Steam ID linked to a Discord user, for one network. */
@Entity({ tableName: 'discord_links' })
@Unique({ properties: ['networkId', 'steamId'] })
@Unique({ properties: ['networkId', 'discordUserId'] })
export class DiscordLinkRecord {
  [OptionalProps]?: 'id' | 'active' | 'linkedAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 36 })
  networkId!: string;

  @Property({ type: 'string', length: 20 })
  steamId!: string;

  @Property({ type: 'string', length: 24 })
  discordUserId!: string;

  @Property({ type: 'string', length: 100 })
  discordName!: string;

  /** False once the Discord user left the guild (role rules then take their groups away). */
  @Property({ type: 'boolean' })
  active: boolean = true;

  @Property({ type: 'Date' })
  linkedAt: Date = new Date();
}

/** A one-time code from /link, typed in game chat as `!link CODE`. Kept hashed. */
@Entity({ tableName: 'discord_link_codes' })
export class DiscordLinkCodeRecord {
  [OptionalProps]?: 'usedAt' | 'createdAt';

  @PrimaryKey({ type: 'string', length: 64 })
  codeHash!: string;

  @Property({ type: 'string', length: 36 })
  networkId!: string;

  @Property({ type: 'string', length: 24 })
  discordUserId!: string;

  @Property({ type: 'string', length: 100 })
  discordName!: string;

  /** The /link interaction's token (valid 15 minutes): its answer is edited once linked. */
  @Property({ type: 'text' })
  interactionToken!: string;

  @Property({ type: 'Date' })
  expiresAt!: Date;

  @Property({ type: 'Date', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'Date' })
  createdAt: Date = new Date();
}

/** A Discord role ↔ an in-game group, with the console commands that add and remove a player. */
@Entity({ tableName: 'discord_role_rules' })
export class DiscordRoleRuleRecord {
  [OptionalProps]?: 'id' | 'createdAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 36 })
  networkId!: string;

  @Property({ type: 'string', length: 24 })
  roleId!: string;

  @Property({ type: 'string', length: 100 })
  roleName!: string;

  @Property({ type: 'string', length: 64 })
  group!: string;

  @Property({ type: 'string', length: 16 })
  direction!: DiscordRuleDirection;

  @Property({ type: 'string', length: 200 })
  addCommand!: string;

  @Property({ type: 'string', length: 200 })
  removeCommand!: string;

  @Property({ type: 'Date' })
  createdAt: Date = new Date();
}

/** An in-game group the panel gave a linked player by a rule (so a sync takes away only its own). */
@Entity({ tableName: 'discord_group_grants' })
@Unique({ properties: ['networkId', 'steamId', 'group'] })
export class DiscordGroupGrantRecord {
  [OptionalProps]?: 'id' | 'grantedAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 36 })
  networkId!: string;

  @Property({ type: 'string', length: 20 })
  steamId!: string;

  @Property({ type: 'string', length: 64 })
  group!: string;

  @Property({ type: 'Date' })
  grantedAt: Date = new Date();
}

/** The message an F7 report was posted as, so its buttons and state can update it. */
@Entity({ tableName: 'discord_report_messages' })
export class DiscordReportMessageRecord {
  [OptionalProps]?: 'postedAt';

  @PrimaryKey({ type: 'string', length: 36 })
  reportId!: string;

  @Property({ type: 'string', length: 36 })
  networkId!: string;

  @Property({ type: 'string', length: 24 })
  channelId!: string;

  @Property({ type: 'string', length: 24 })
  messageId!: string;

  @Property({ type: 'Date' })
  postedAt: Date = new Date();
}
