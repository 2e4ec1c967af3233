// The REST routes of Discord's API v10 that the panel uses, as the stand-in answers them: each
// checks what Discord checks (the bot token, the guild, the bot's presence and role position, the
// body) and answers Discord's objects and Discord's errors ({ message, code }).
import {
  ApplicationCommandType,
  MessageFlags,
  type APIApplicationCommand,
  type APIInteractionResponse,
  type RESTPostAPIInteractionCallbackWithResponseResult,
  type RESTPostOAuth2AccessTokenWithBotAndGuildsScopeResult,
  type RESTPutAPIApplicationGuildCommandsJSONBody,
} from 'discord-api-types/v10';
import type { IncomingHttpHeaders } from 'node:http';
import { randomBytes } from 'node:crypto';
import {
  bySnowflake,
  contentTooLong,
  discordError,
  editedMessage,
  invalidFormBody,
  messageBodyProblem,
  messageOf,
  snowflake,
  type DiscordAnswer,
  type MessageBody,
} from './discord-objects';
import { applyResponse, interactionMessage } from './discord-interactions';
import type { DiscordState, GuildState } from './discord-state';

export const DISCORD_ROUTES = [
  'POST /oauth2/token',
  'PUT /applications/:applicationId/guilds/:guildId/commands',
  'GET /applications/:applicationId/guilds/:guildId/commands',
  'GET /guilds/:guildId',
  'GET /guilds/:guildId/members',
  'GET /guilds/:guildId/members/:userId',
  'PUT /guilds/:guildId/members/:userId/roles/:roleId',
  'DELETE /guilds/:guildId/members/:userId/roles/:roleId',
  'GET /guilds/:guildId/roles',
  'GET /guilds/:guildId/channels',
  'DELETE /users/@me/guilds/:guildId',
  'POST /channels/:channelId/messages',
  'PATCH /channels/:channelId/messages/:messageId',
  'POST /interactions/:interactionId/:interactionToken/callback',
  'POST /webhooks/:applicationId/:interactionToken',
  'GET /webhooks/:applicationId/:interactionToken/messages/:messageId',
  'PATCH /webhooks/:applicationId/:interactionToken/messages/:messageId',
] as const;
export type DiscordRoute = (typeof DISCORD_ROUTES)[number];

/** One request the stand-in received, as the tests read it back. */
export type DiscordRequest = {
  method: string;
  /** Below /api/v10, without the query: /channels/123/messages. */
  path: string;
  /** The route it matched, or null (answered 404). */
  route: DiscordRoute | null;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** JSON or form fields as sent; null without a body. */
  body: unknown;
};

export type RouteContext = {
  state: DiscordState;
  clientSecret: string;
  botToken: string;
  request: DiscordRequest;
  params: Record<string, string>;
};

const MAX_COMMANDS = 100;
const COMMAND_NAME = /^[-_\p{L}\p{N}]{1,32}$/u;

const unauthorized = () => discordError(401, 0, '401: Unauthorized');
const missingAccess = () => discordError(403, 50001, 'Missing Access');
const unknownGuild = () => discordError(404, 10004, 'Unknown Guild');
const unknownWebhook = () => discordError(404, 10015, 'Unknown Webhook');
const unknownMessage = () => discordError(404, 10008, 'Unknown Message');
const json = (body: unknown, status = 200): DiscordAnswer => ({ status, body });
const noContent = (): DiscordAnswer => ({ status: 204 });

type Handler = (ctx: RouteContext) => DiscordAnswer;

/** A bot route about a guild: 401 without the bot token, 404 for a guild Discord does not know, 403 where the bot is not. */
const inGuild =
  (handle: (ctx: RouteContext, guild: GuildState) => DiscordAnswer): Handler =>
  (ctx) => {
    if (ctx.request.headers.authorization !== `Bot ${ctx.botToken}`) return unauthorized();
    const guild = ctx.state.guilds.get(ctx.params.guildId);
    if (!guild) return unknownGuild();
    return guild.botInGuild ? handle(ctx, guild) : missingAccess();
  };

const tokenExchange = (ctx: RouteContext): DiscordAnswer => {
  const form = (ctx.request.body ?? {}) as Record<string, string>;
  const basic = /^Basic (.+)$/.exec(ctx.request.headers.authorization ?? '')?.[1];
  const [clientId, clientSecret] = basic
    ? Buffer.from(basic, 'base64').toString('utf8').split(':')
    : [form.client_id, form.client_secret];
  if (clientId !== ctx.state.applicationId || clientSecret !== ctx.clientSecret)
    return json({ error: 'invalid_client' }, 401);
  if (form.grant_type !== 'authorization_code') return json({ error: 'unsupported_grant_type' }, 400);
  const issued = ctx.state.codes.get(form.code ?? '');
  if (!issued) return json({ error: 'invalid_grant', error_description: 'Invalid "code" in request.' }, 400);
  if (issued.redirectUri !== undefined && issued.redirectUri !== form.redirect_uri)
    return json({ error: 'invalid_grant', error_description: 'Invalid "redirect_uri" in request.' }, 400);
  // A code is good once.
  ctx.state.codes.delete(form.code);
  const guild = ctx.state.guild(issued.guildId);
  const answer: RESTPostOAuth2AccessTokenWithBotAndGuildsScopeResult = {
    token_type: 'Bearer',
    access_token: randomBytes(15).toString('base64url'),
    expires_in: 604_800,
    refresh_token: randomBytes(15).toString('base64url'),
    scope: issued.scope,
    guild: ctx.state.guildObject(guild),
  };
  return json(answer);
};

const commandProblem = (body: unknown): DiscordAnswer | null => {
  if (!Array.isArray(body)) return invalidFormBody('_root', 'BASE_TYPE_ARRAY', 'Must be an array.');
  if (body.length > MAX_COMMANDS)
    return invalidFormBody('_root', 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_COMMANDS} or fewer in length.`);
  const names = new Set<string>();
  for (const [index, command] of (body as RESTPutAPIApplicationGuildCommandsJSONBody).entries()) {
    const chatInput = (command.type ?? ApplicationCommandType.ChatInput) === ApplicationCommandType.ChatInput;
    if (
      typeof command.name !== 'string' ||
      (chatInput && (!COMMAND_NAME.test(command.name) || command.name !== command.name.toLowerCase()))
    )
      return invalidFormBody(`${index}.name`, 'APPLICATION_COMMAND_INVALID_NAME', 'Command name is invalid');
    const description = 'description' in command ? command.description : undefined;
    if (chatInput && (typeof description !== 'string' || description.length < 1 || description.length > 100))
      return invalidFormBody(
        `${index}.description`,
        'BASE_TYPE_BAD_LENGTH',
        'Must be between 1 and 100 in length.',
      );
    const key = `${command.type ?? 1}:${command.name}`;
    if (names.has(key))
      return invalidFormBody(
        '_root',
        'APPLICATION_COMMANDS_DUPLICATE_NAME',
        `Application command names must be unique`,
      );
    names.add(key);
  }
  return null;
};

const overwriteCommands = inGuild((ctx, guild) => {
  if (ctx.params.applicationId !== ctx.state.applicationId) return missingAccess();
  const problem = commandProblem(ctx.request.body);
  if (problem) return problem;
  const before = [...guild.commands.values()];
  guild.commands.clear();
  for (const command of ctx.request.body as RESTPutAPIApplicationGuildCommandsJSONBody) {
    const type = command.type ?? ApplicationCommandType.ChatInput;
    // A command of the same name and type keeps its id, as Discord's overwrite does.
    const kept = before.find((c) => c.name === command.name && c.type === type);
    const stored = {
      ...command,
      id: kept?.id ?? snowflake(),
      application_id: ctx.state.applicationId,
      guild_id: guild.id,
      version: snowflake(),
      type,
      description: 'description' in command ? (command.description ?? '') : '',
      default_member_permissions: command.default_member_permissions ?? null,
      nsfw: command.nsfw ?? false,
    } as APIApplicationCommand;
    guild.commands.set(stored.id, stored);
  }
  return json([...guild.commands.values()]);
});

const listMembers = inGuild((ctx, guild) => {
  const { limit: limitText = '1', after = '0' } = ctx.request.query;
  const limit = Number(limitText);
  if (!/^\d+$/.test(limitText) || limit < 1 || limit > 1000)
    return invalidFormBody('limit', 'NUMBER_TYPE_MAX', 'int value should be less than or equal to 1000.');
  if (!/^\d+$/.test(after))
    return invalidFormBody('after', 'NUMBER_TYPE_COERCE', `Value "${after}" is not snowflake.`);
  const page = ctx.state
    .membersOf(guild)
    .filter((member) => bySnowflake(member.user.id, after) > 0)
    .slice(0, limit);
  return json(page);
});

const changeRole = (add: boolean) =>
  inGuild((ctx, guild) => {
    const member = guild.members.get(ctx.params.userId);
    if (!member) return discordError(404, 10007, 'Unknown Member');
    const role = guild.roles.get(ctx.params.roleId);
    if (!role) return discordError(404, 10011, 'Unknown Role');
    // A bot gives and takes only roles below its own highest one, and never a managed role.
    if (role.managed || role.position >= ctx.state.botTopPosition(guild) || role.id === guild.id)
      return discordError(403, 50013, 'Missing Permissions');
    const roles = add ? [...member.roles, role.id] : member.roles.filter((id) => id !== role.id);
    ctx.state.setRoles(guild.id, member.user.id, roles);
    return noContent();
  });

const createMessage = (ctx: RouteContext): DiscordAnswer => {
  if (ctx.request.headers.authorization !== `Bot ${ctx.botToken}`) return unauthorized();
  const located = ctx.state.channelById(ctx.params.channelId);
  if (!located) return discordError(404, 10003, 'Unknown Channel');
  if (!located.guild.botInGuild) return missingAccess();
  const body = (ctx.request.body ?? {}) as MessageBody;
  const problem = messageBodyProblem(body);
  if (problem) return problem;
  const flags =
    (body.flags ?? 0) &
    (MessageFlags.SuppressEmbeds | MessageFlags.SuppressNotifications | MessageFlags.IsComponentsV2);
  const message = messageOf(located.channel.id, ctx.state.botUser, { ...body, flags });
  ctx.state.messages.set(message.id, message);
  return json(message);
};

const editMessage = (ctx: RouteContext): DiscordAnswer => {
  if (ctx.request.headers.authorization !== `Bot ${ctx.botToken}`) return unauthorized();
  const message = ctx.state.messages.get(ctx.params.messageId);
  if (!message || message.channel_id !== ctx.params.channelId) return unknownMessage();
  if (message.author.id !== ctx.state.botUser.id)
    return discordError(403, 50005, 'Cannot edit a message authored by another user');
  const body = (ctx.request.body ?? {}) as MessageBody;
  const tooLong = contentTooLong(body);
  if (tooLong) return tooLong;
  const edited = editedMessage(message, body);
  ctx.state.messages.set(edited.id, edited);
  return json(edited);
};

const callback = (ctx: RouteContext): DiscordAnswer => {
  const held = ctx.state.interactions.get(ctx.params.interactionToken);
  if (!held || held.interaction.id !== ctx.params.interactionId)
    return discordError(404, 10062, 'Unknown interaction');
  const response = ctx.request.body as APIInteractionResponse;
  const refused = applyResponse(ctx.state, held, response);
  if (refused) return refused;
  if (ctx.request.query.with_response !== 'true') return noContent();
  const message = held.originalId ? ctx.state.messages.get(held.originalId) : undefined;
  const answer: RESTPostAPIInteractionCallbackWithResponseResult = {
    interaction: {
      id: held.interaction.id,
      type: held.interaction.type,
      ...(message
        ? {
            response_message_id: message.id,
            response_message_loading: Boolean((message.flags ?? 0) & MessageFlags.Loading),
            response_message_ephemeral: Boolean((message.flags ?? 0) & MessageFlags.Ephemeral),
          }
        : {}),
    },
    resource: { type: response.type, ...(message ? { message } : {}) },
  };
  return json(answer);
};

/** The interaction behind a webhook route (its token), once answered; else Discord's 404. */
const answeredInteraction = (ctx: RouteContext) => {
  const held = ctx.state.interactions.get(ctx.params.interactionToken);
  return held && held.response && ctx.params.applicationId === ctx.state.applicationId ? held : null;
};

const followUp = (ctx: RouteContext): DiscordAnswer => {
  const held = answeredInteraction(ctx);
  if (!held) return unknownWebhook();
  const body = (ctx.request.body ?? {}) as MessageBody;
  const problem = messageBodyProblem(body);
  if (problem) return problem;
  const flags =
    (body.flags ?? 0) &
    (MessageFlags.Ephemeral | MessageFlags.SuppressEmbeds | MessageFlags.SuppressNotifications);
  const message = interactionMessage(ctx.state, held.interaction, body, flags);
  ctx.state.messages.set(message.id, message);
  held.followupIds.push(message.id);
  // An interaction's follow-up always answers the message (its `wait` is always true).
  return json(message);
};

const webhookMessage = (ctx: RouteContext, edit: boolean): DiscordAnswer => {
  const held = answeredInteraction(ctx);
  if (!held) return unknownWebhook();
  const id = ctx.params.messageId === '@original' ? held.originalId : ctx.params.messageId;
  const message = id ? ctx.state.messages.get(id) : undefined;
  if (!message || (id !== held.originalId && !held.followupIds.includes(id ?? ''))) return unknownMessage();
  if (!edit) return json(message);
  const body = (ctx.request.body ?? {}) as MessageBody;
  const tooLong = contentTooLong(body);
  if (tooLong) return tooLong;
  // Editing a deferred answer is what ends its "thinking…".
  const edited = editedMessage(message, { ...body, flags: undefined }, MessageFlags.Loading);
  ctx.state.messages.set(edited.id, edited);
  return json(edited);
};

export const DISCORD_HANDLERS: Record<DiscordRoute, Handler> = {
  'POST /oauth2/token': tokenExchange,
  'PUT /applications/:applicationId/guilds/:guildId/commands': overwriteCommands,
  'GET /applications/:applicationId/guilds/:guildId/commands': inGuild((_, guild) =>
    json([...guild.commands.values()]),
  ),
  'GET /guilds/:guildId': inGuild((ctx, guild) => json(ctx.state.guildObject(guild))),
  'GET /guilds/:guildId/members': listMembers,
  'GET /guilds/:guildId/members/:userId': inGuild((ctx, guild) => {
    const member = guild.members.get(ctx.params.userId);
    return member ? json(member) : discordError(404, 10007, 'Unknown Member');
  }),
  'PUT /guilds/:guildId/members/:userId/roles/:roleId': changeRole(true),
  'DELETE /guilds/:guildId/members/:userId/roles/:roleId': changeRole(false),
  'GET /guilds/:guildId/roles': inGuild((ctx, guild) => json(ctx.state.rolesOf(guild))),
  'GET /guilds/:guildId/channels': inGuild((_, guild) => json([...guild.channels.values()])),
  'DELETE /users/@me/guilds/:guildId': (ctx) => {
    if (ctx.request.headers.authorization !== `Bot ${ctx.botToken}`) return unauthorized();
    const guild = ctx.state.guilds.get(ctx.params.guildId);
    if (!guild?.botInGuild) return unknownGuild();
    ctx.state.leaveGuild(guild);
    return noContent();
  },
  'POST /channels/:channelId/messages': createMessage,
  'PATCH /channels/:channelId/messages/:messageId': editMessage,
  'POST /interactions/:interactionId/:interactionToken/callback': callback,
  'POST /webhooks/:applicationId/:interactionToken': followUp,
  'GET /webhooks/:applicationId/:interactionToken/messages/:messageId': (ctx) => webhookMessage(ctx, false),
  'PATCH /webhooks/:applicationId/:interactionToken/messages/:messageId': (ctx) => webhookMessage(ctx, true),
};

const MATCHERS = DISCORD_ROUTES.map((route) => {
  const [method, template] = route.split(' ');
  const names: string[] = [];
  const pattern = template.replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { route, method, regex: new RegExp(`^${pattern}$`), names };
});

/** The route `method path` (below /api/v10) falls under, with its parameters. */
export const matchRoute = (
  method: string,
  path: string,
): { route: DiscordRoute; params: Record<string, string> } | null => {
  for (const matcher of MATCHERS) {
    if (matcher.method !== method) continue;
    const found = matcher.regex.exec(path);
    if (found)
      return {
        route: matcher.route,
        params: Object.fromEntries(matcher.names.map((name, i) => [name, decodeURIComponent(found[i + 1])])),
      };
  }
  return null;
};
