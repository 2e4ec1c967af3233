// Discord's objects as its API v10 answers them (discord-api-types), for the Discord stand-in:
// snowflakes, users, roles, channels, guilds, members and messages with every field Discord
// always sends, so what the panel reads from the stand-in is what it will read from Discord.
import {
  ChannelType,
  GuildDefaultMessageNotifications,
  GuildExplicitContentFilter,
  GuildMFALevel,
  GuildNSFWLevel,
  GuildPremiumTier,
  GuildSystemChannelFlags,
  GuildVerificationLevel,
  Locale,
  MessageType,
  PermissionFlagsBits,
  type APIGuild,
  type APIGuildMember,
  type ChannelFlags,
  type GuildMemberFlags,
  type RoleFlags,
  type UserFlags,
  type APIMessage,
  type APIRole,
  type APITextChannel,
  type APIUser,
} from 'discord-api-types/v10';

/** Discord's epoch (2015-01-01T00:00:00Z), from which a snowflake counts milliseconds. */
const DISCORD_EPOCH = BigInt(1_420_070_400_000);
let increment = 0;

/** A new snowflake: the time now, then a per-process counter, so ids made later sort higher. */
export const snowflake = (at = Date.now()): string => {
  increment = (increment + 1) % 4096;
  return ((BigInt(at) - DISCORD_EPOCH) * BigInt(4_194_304) + BigInt(increment)).toString();
};

/** Orders snowflakes as Discord does: as 64-bit numbers. */
export const bySnowflake = (a: string, b: string): number => {
  const [x, y] = [BigInt(a), BigInt(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** An ISO 8601 time as Discord writes it (microseconds, +00:00). */
export const discordTime = (at = new Date()): string => at.toISOString().replace('Z', '000+00:00');

const bits = (...flags: bigint[]): string => flags.reduce((all, flag) => all | flag, BigInt(0)).toString();
const P = PermissionFlagsBits;

/** What @everyone may do in a new guild, as the bit set string Discord sends. */
export const EVERYONE_PERMISSIONS = bits(
  P.ViewChannel,
  P.SendMessages,
  P.ReadMessageHistory,
  P.EmbedLinks,
  P.AddReactions,
  P.UseApplicationCommands,
);
/** What an install asks for by default: post reports, and give and take the roles of role rules. */
export const BOT_PERMISSIONS = bits(
  P.ViewChannel,
  P.SendMessages,
  P.EmbedLinks,
  P.ReadMessageHistory,
  P.ManageRoles,
);

export const userOf = (user: {
  id: string;
  username: string;
  globalName?: string | null;
  bot?: boolean;
}): APIUser => ({
  id: user.id,
  username: user.username,
  discriminator: '0',
  global_name: user.globalName === undefined ? user.username : user.globalName,
  avatar: null,
  ...(user.bot ? { bot: true } : {}),
  public_flags: 0 as UserFlags,
});

export const roleOf = (role: {
  id: string;
  name: string;
  position: number;
  permissions?: string;
  managed?: boolean;
  botId?: string;
}): APIRole => ({
  id: role.id,
  name: role.name,
  color: 0,
  colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
  hoist: false,
  icon: null,
  unicode_emoji: null,
  position: role.position,
  permissions: role.permissions ?? '0',
  managed: role.managed ?? false,
  mentionable: false,
  flags: 0 as RoleFlags,
  ...(role.botId ? { tags: { bot_id: role.botId } } : {}),
});

export const textChannelOf = (channel: {
  id: string;
  guildId: string;
  name: string;
  position: number;
}): APITextChannel => ({
  id: channel.id,
  type: ChannelType.GuildText,
  guild_id: channel.guildId,
  name: channel.name,
  position: channel.position,
  permission_overwrites: [],
  parent_id: null,
  nsfw: false,
  topic: null,
  last_message_id: null,
  rate_limit_per_user: 0,
  flags: 0 as ChannelFlags,
});

export const memberOf = (user: APIUser, roles: string[], joinedAt = new Date()): APIGuildMember => ({
  user,
  nick: null,
  avatar: null,
  banner: null,
  roles,
  joined_at: discordTime(joinedAt),
  premium_since: null,
  deaf: false,
  mute: false,
  flags: 0 as GuildMemberFlags,
  pending: false,
  communication_disabled_until: null,
});

export const guildOf = (guild: {
  id: string;
  name: string;
  ownerId: string;
  roles: APIRole[];
  applicationId?: string | null;
}): APIGuild => ({
  id: guild.id,
  name: guild.name,
  icon: null,
  icon_hash: null,
  splash: null,
  discovery_splash: null,
  owner_id: guild.ownerId,
  region: 'deprecated',
  afk_channel_id: null,
  afk_timeout: 300,
  widget_enabled: false,
  widget_channel_id: null,
  verification_level: GuildVerificationLevel.Low,
  default_message_notifications: GuildDefaultMessageNotifications.OnlyMentions,
  explicit_content_filter: GuildExplicitContentFilter.AllMembers,
  roles: guild.roles,
  emojis: [],
  stickers: [],
  features: [],
  mfa_level: GuildMFALevel.None,
  application_id: guild.applicationId ?? null,
  system_channel_id: null,
  system_channel_flags: GuildSystemChannelFlags.SuppressJoinNotifications,
  rules_channel_id: null,
  max_presences: null,
  max_members: 500_000,
  vanity_url_code: null,
  description: null,
  banner: null,
  premium_tier: GuildPremiumTier.None,
  premium_subscription_count: 0,
  preferred_locale: Locale.EnglishUS,
  public_updates_channel_id: null,
  max_video_channel_users: 25,
  max_stage_video_channel_users: 50,
  nsfw_level: GuildNSFWLevel.Default,
  premium_progress_bar_enabled: false,
  hub_type: null,
  safety_alerts_channel_id: null,
  incidents_data: null,
});

/** What a message body may carry that the stand-in keeps (content, embeds, components, flags). */
export type MessageBody = {
  content?: string | null;
  embeds?: APIMessage['embeds'] | null;
  components?: APIMessage['components'] | null;
  flags?: number | null;
};

export const messageOf = (
  channelId: string,
  author: APIUser,
  body: MessageBody,
  extra: Partial<APIMessage> = {},
): APIMessage => ({
  id: snowflake(),
  channel_id: channelId,
  author,
  content: body.content ?? '',
  timestamp: discordTime(),
  edited_timestamp: null,
  tts: false,
  mention_everyone: false,
  mentions: [],
  mention_roles: [],
  attachments: [],
  embeds: body.embeds ?? [],
  components: body.components ?? [],
  pinned: false,
  type: MessageType.Default,
  flags: body.flags ?? 0,
  ...extra,
});

/** The message with what a PATCH body sets (a field left out stays; null empties it). */
export const editedMessage = (message: APIMessage, body: MessageBody, clearFlags = 0): APIMessage => ({
  ...message,
  ...(body.content !== undefined ? { content: body.content ?? '' } : {}),
  ...(body.embeds !== undefined ? { embeds: body.embeds ?? [] } : {}),
  ...(body.components !== undefined ? { components: body.components ?? [] } : {}),
  flags: (message.flags ?? 0) & ~clearFlags,
  edited_timestamp: discordTime(),
});

/** An answer of the stand-in: a status, a JSON body (none for 204) and headers. */
export type DiscordAnswer = { status: number; body?: unknown; headers?: Record<string, string> };

/** Discord's JSON error: `{ message, code }`, and for a bad body the fields' `errors`. */
export const discordError = (
  status: number,
  code: number,
  message: string,
  errors?: unknown,
): DiscordAnswer => ({
  status,
  body: errors === undefined ? { message, code } : { message, code, errors },
});

/** 400 Invalid Form Body (50035) with one error at `path` (dotted, as Discord nests them). */
export const invalidFormBody = (path: string, code: string, message: string): DiscordAnswer => {
  const errors = path
    .split('.')
    .reverse()
    .reduce<unknown>((inner, key) => ({ [key]: inner }), { _errors: [{ code, message }] });
  return discordError(400, 50035, 'Invalid Form Body', errors);
};

/** A message's content over Discord's 2,000 characters (`at`: where the body sits, e.g. 'data.'). */
export const contentTooLong = (body: MessageBody, at = ''): DiscordAnswer | null =>
  (body.content ?? '').length > 2000
    ? invalidFormBody(`${at}content`, 'BASE_TYPE_MAX_LENGTH', 'Must be 2000 or fewer in length.')
    : null;

/** A new message Discord would refuse: content over 2,000 characters, or nothing to show (50006). */
export const messageBodyProblem = (body: MessageBody, at = ''): DiscordAnswer | null => {
  const tooLong = contentTooLong(body, at);
  if (tooLong) return tooLong;
  if (!body.content && !body.embeds?.length && !body.components?.length)
    return discordError(400, 50006, 'Cannot send an empty message');
  return null;
};
