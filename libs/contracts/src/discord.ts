// Discord (issue 37): one Discord application per panel; a network links its guild through the
// bot install. API: /api/networks/{networkId}/discord (+ /install, /links, /role-rules, /sync,
// /channels, /roles), /api/discord/install/callback, /api/discord/interactions. Owners and admins
// manage it (discord.manage); moderators also read the links (discord.links).

import type { CommandStatus } from './server-ops';

/** The operator's settings the bot needs; the Discord tab names the missing ones. */
export const DISCORD_SETTINGS = [
  'DISCORD_CLIENT_ID',
  'DISCORD_CLIENT_SECRET',
  'DISCORD_PUBLIC_KEY',
  'DISCORD_BOT_TOKEN',
] as const;
export type DiscordSetting = (typeof DISCORD_SETTINGS)[number];

/** Where Discord sends interactions (set as the application's Interactions Endpoint URL). */
export const DISCORD_INTERACTIONS_PATH = '/api/discord/interactions';

/** The bot's OAuth2 scopes and the permissions it asks for when added to a guild. */
export const DISCORD_INSTALL_SCOPES = ['bot', 'applications.commands'] as const;
/** View Channels (1 << 10), Send Messages (1 << 11), Embed Links (1 << 14), Manage Roles (1 << 28). */
export const DISCORD_BOT_PERMISSIONS = String((1 << 10) + (1 << 11) + (1 << 14) + 2 ** 28);

export const DISCORD_LIMITS = {
  /** A /link code: this many characters, single use, valid this long. */
  linkCodeLength: 8,
  linkCodeMinutes: 10,
  /** Wrong `!link` codes one Steam ID may type per 10 minutes. */
  wrongCodesPer10Minutes: 5,
  /** The leader keeps roles in step this often. */
  syncMinutes: 10,
  roleRules: 50,
  group: 64,
  template: 200,
} as const;

export const DISCORD_DEFAULT_ADD_TEMPLATE = 'oxide.usergroup add {steamId} {group}';
export const DISCORD_DEFAULT_REMOVE_TEMPLATE = 'oxide.usergroup remove {steamId} {group}';

/** A role rule's direction: Discord role → in-game group, in-game group → Discord role, or both. */
export const DISCORD_RULE_DIRECTIONS = ['to_game', 'to_discord', 'both'] as const;
export type DiscordRuleDirection = (typeof DISCORD_RULE_DIRECTIONS)[number];

export type DiscordRoleRule = {
  id: string;
  roleId: string;
  /** As the guild named it when the rule was saved. */
  roleName: string;
  group: string;
  direction: DiscordRuleDirection;
  /** Console commands that add and remove a player to/from the group ({steamId}, {group}). */
  addCommand: string;
  removeCommand: string;
};

export type DiscordRoleRuleInput = {
  roleId: string;
  roleName?: string;
  group: string;
  direction: DiscordRuleDirection;
  addCommand?: string;
  removeCommand?: string;
};

export type DiscordSyncChange = {
  kind: 'group_added' | 'group_removed' | 'role_added' | 'role_removed' | 'link_inactive';
  steamId: string;
  discordUserId: string;
  discordName: string;
  group?: string;
  roleId?: string;
  roleName?: string;
  /** In-game changes: the server, and the command's own status (as the panel shows commands). */
  serverId?: string;
  serverName?: string;
  commandId?: string;
  status: CommandStatus | 'done' | 'failed';
  detail?: string | null;
};

export type DiscordSyncReport = {
  at: string;
  cause: 'schedule' | 'manual' | 'link' | 'unlink';
  /** Members read from the guild (in pages). */
  membersRead: number;
  changes: DiscordSyncChange[];
  /** What could not be done (Discord refused, a server removed…). */
  errors: string[];
};

/** GET /api/networks/{networkId}/discord: never a token. */
export type DiscordSettings = {
  /** Whether the operator set everything the bot needs; else `missing` names the settings. */
  configured: boolean;
  missing: DiscordSetting[];
  /** The Interactions Endpoint URL to set in Discord's developer portal. */
  interactionsUrl: string;
  guild: { id: string; name: string; installedAt: string } | null;
  reportsChannelId: string | null;
  linkedRoleId: string | null;
  roleRules: DiscordRoleRule[];
  lastSync: DiscordSyncReport | null;
};

/** PATCH /api/networks/{networkId}/discord. */
export type DiscordSettingsInput = { reportsChannelId?: string | null; linkedRoleId?: string | null };

export type DiscordLink = {
  steamId: string;
  discordUserId: string;
  discordName: string;
  /** False once the Discord user left the guild. */
  active: boolean;
  linkedAt: string;
  /** The player's name on the network, when known. */
  playerName: string | null;
};

/** A guild's channel or role, for the tab's pickers. */
export type DiscordChoice = { id: string; name: string };

/** The slash commands the bot registers in a linked guild. */
export const DISCORD_COMMAND_NAMES = [
  'status',
  'players',
  'player',
  'link',
  'unlink',
  'kick',
  'warn',
  'ban',
] as const;
export type DiscordCommandName = (typeof DISCORD_COMMAND_NAMES)[number];

/** A report message's buttons (custom_id `report:<action>:<reportId>`). */
export const DISCORD_REPORT_ACTIONS = ['seen', 'close'] as const;
export type DiscordReportAction = (typeof DISCORD_REPORT_ACTIONS)[number];
