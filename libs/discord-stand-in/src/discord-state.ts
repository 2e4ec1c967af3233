// What the Discord stand-in holds: its application and bot user, the guilds it knows (roles,
// channels, members, the guild's slash commands, whether the bot is in it), the messages posted,
// the install codes issued and the interactions it sent with what the panel answered. Tests change
// it through the stand-in (discord-stand-in.ts); the routes (discord-routes.ts) read and change it
// as Discord would.
import type {
  APIApplicationCommand,
  APIGuild,
  APIGuildMember,
  APIInteraction,
  APIInteractionResponse,
  APIMessage,
  APIRole,
  APITextChannel,
  APIUser,
} from 'discord-api-types/v10';
import {
  BOT_PERMISSIONS,
  EVERYONE_PERMISSIONS,
  bySnowflake,
  guildOf,
  memberOf,
  roleOf,
  snowflake,
  textChannelOf,
  userOf,
} from './discord-objects';

/** Where the bot's own (managed) role sits: roles placed above it are out of its reach (403). */
export const BOT_ROLE_POSITION = 50;

export type GuildState = {
  id: string;
  name: string;
  ownerId: string;
  /** Whether the bot is in the guild: it joins when an install code is issued, leaves on DELETE /users/@me/guilds/:id. */
  botInGuild: boolean;
  roles: Map<string, APIRole>;
  channels: Map<string, APITextChannel>;
  members: Map<string, APIGuildMember>;
  commands: Map<string, APIApplicationCommand>;
};

export type InstallCode = {
  guildId: string;
  redirectUri?: string;
  scope: string;
  permissions: string;
};

export type InteractionState = {
  interaction: APIInteraction;
  /** The panel's answer: in the HTTP response to the interaction, or POSTed to its callback route. */
  response: APIInteractionResponse | null;
  /** The interaction's original response message (@original), once there is one. */
  originalId: string | null;
  followupIds: string[];
};

export type GuildInput = { id?: string; name?: string; ownerId?: string };
export type RoleInput = { id?: string; name: string; position?: number; permissions?: string };
export type MemberInput = {
  id?: string;
  username?: string;
  globalName?: string | null;
  roles?: string[];
  bot?: boolean;
  joinedAt?: Date;
};

const sorted = <T extends { id: string }>(items: Iterable<T>): T[] =>
  [...items].sort((a, b) => bySnowflake(a.id, b.id));

export class DiscordState {
  readonly botUser: APIUser;
  readonly guilds = new Map<string, GuildState>();
  readonly messages = new Map<string, APIMessage>();
  readonly codes = new Map<string, InstallCode>();
  /** By interaction token (what the callback and webhook routes carry). */
  readonly interactions = new Map<string, InteractionState>();
  private rolePosition = 0;

  constructor(readonly applicationId: string) {
    // An application's bot user has the application's id.
    this.botUser = userOf({ id: applicationId, username: 'Outpost', bot: true });
  }

  addGuild(input: GuildInput = {}): GuildState {
    const id = input.id ?? snowflake();
    const existing = this.guilds.get(id);
    if (existing) {
      if (input.name) existing.name = input.name;
      return existing;
    }
    const guild: GuildState = {
      id,
      name: input.name ?? 'Rust Legends Discord',
      ownerId: input.ownerId ?? snowflake(),
      botInGuild: true,
      roles: new Map(),
      channels: new Map(),
      members: new Map(),
      commands: new Map(),
    };
    this.guilds.set(id, guild);
    // @everyone has the guild's id; the bot's managed role comes with the install.
    guild.roles.set(id, roleOf({ id, name: '@everyone', position: 0, permissions: EVERYONE_PERMISSIONS }));
    this.addChannel(id, { name: 'general' });
    this.joinBot(guild, BOT_PERMISSIONS);
    return guild;
  }

  guild(id: string): GuildState {
    const guild = this.guilds.get(id);
    if (!guild) throw new Error(`The Discord stand-in knows no guild ${id}`);
    return guild;
  }

  /** The bot joins (again) with its managed role carrying `permissions`. */
  joinBot(guild: GuildState, permissions: string): void {
    guild.botInGuild = true;
    const existing = [...guild.roles.values()].find((role) => role.tags?.bot_id === this.botUser.id);
    const role =
      existing ??
      roleOf({
        id: snowflake(),
        name: this.botUser.username,
        position: BOT_ROLE_POSITION,
        permissions,
        managed: true,
        botId: this.botUser.id,
      });
    guild.roles.set(role.id, { ...role, permissions });
    guild.members.set(this.botUser.id, memberOf(this.botUser, [role.id]));
  }

  leaveGuild(guild: GuildState): void {
    guild.botInGuild = false;
    guild.members.delete(this.botUser.id);
    for (const [id, role] of guild.roles) if (role.tags?.bot_id === this.botUser.id) guild.roles.delete(id);
    guild.commands.clear();
  }

  addRole(guildId: string, input: RoleInput): APIRole {
    this.rolePosition += 1;
    const role = roleOf({
      id: input.id ?? snowflake(),
      name: input.name,
      position: input.position ?? Math.min(this.rolePosition, BOT_ROLE_POSITION - 1),
      permissions: input.permissions,
    });
    this.guild(guildId).roles.set(role.id, role);
    return role;
  }

  addChannel(guildId: string, input: { id?: string; name: string }): APITextChannel {
    const guild = this.guild(guildId);
    const channel = textChannelOf({
      id: input.id ?? snowflake(),
      guildId,
      name: input.name,
      position: guild.channels.size,
    });
    guild.channels.set(channel.id, channel);
    return channel;
  }

  addMember(guildId: string, input: MemberInput = {}): APIGuildMember {
    const id = input.id ?? snowflake();
    const user = userOf({
      id,
      username: input.username ?? `player${id.slice(-4)}`,
      globalName: input.globalName,
      bot: input.bot,
    });
    const member = memberOf(user, input.roles ?? [], input.joinedAt);
    this.guild(guildId).members.set(id, member);
    return member;
  }

  /** The roles a member holds now (a test's change, or the panel's through the role routes). */
  setRoles(guildId: string, userId: string, roles: string[]): APIGuildMember {
    const guild = this.guild(guildId);
    const member = guild.members.get(userId);
    if (!member) throw new Error(`${userId} is not a member of ${guildId}`);
    const next = { ...member, roles: [...new Set(roles)] };
    guild.members.set(userId, next);
    return next;
  }

  /** The guild as Discord answers it (the token exchange's `guild`, GET /guilds/:id). */
  guildObject(guild: GuildState): APIGuild {
    return guildOf({
      id: guild.id,
      name: guild.name,
      ownerId: guild.ownerId,
      roles: this.rolesOf(guild),
    });
  }

  rolesOf(guild: GuildState): APIRole[] {
    return [...guild.roles.values()].sort((a, b) => a.position - b.position || bySnowflake(a.id, b.id));
  }

  membersOf(guild: GuildState): APIGuildMember[] {
    return [...guild.members.values()].sort((a, b) => bySnowflake(a.user.id, b.user.id));
  }

  /** The highest position among the bot's roles in the guild: it manages only roles below it. */
  botTopPosition(guild: GuildState): number {
    const roles = guild.members.get(this.botUser.id)?.roles ?? [];
    return Math.max(0, ...roles.map((id) => guild.roles.get(id)?.position ?? 0));
  }

  /** The guild and channel a channel id belongs to. */
  channelById(channelId: string): { guild: GuildState; channel: APITextChannel } | null {
    for (const guild of this.guilds.values()) {
      const channel = guild.channels.get(channelId);
      if (channel) return { guild, channel };
    }
    return null;
  }

  messagesIn(channelId: string): APIMessage[] {
    return sorted([...this.messages.values()].filter((message) => message.channel_id === channelId));
  }

  register(interaction: APIInteraction): void {
    this.interactions.set(interaction.token, {
      interaction,
      response: null,
      originalId: null,
      followupIds: [],
    });
  }
}
