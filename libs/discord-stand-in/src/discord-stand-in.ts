// A Discord stand-in for tests (issue 37): a real HTTP server answering the REST routes of
// Discord's API v10 the panel uses (discord-routes.ts) at http://127.0.0.1:<port>/api/v10, which
// DISCORD_API_URL points at; 429s with retry_after on demand, with the headers Discord sends, so
// @discordjs/rest's rate-limit handling runs as against Discord; and a signer with its own Ed25519
// key that signs interactions as Discord does, with builders for them (discord-interactions.ts);
// and the bot install's authorize page at http://127.0.0.1:<port>/oauth2/authorize, where a browser
// picks a server and is sent back to the panel with its code, as from Discord's (discord-authorize.ts).
//
//   const discord = await startDiscordStandIn();
//   const t = await createTestApp({ env: discord.env });
//   const code = discord.issueInstallCode({ guildId, guildName: 'Rust Legends' });
//   const ping = discord.interactions.ping();
//   await discord.interact(ping, (body, headers) => t.http.post('/api/discord/interactions').set(headers).send(body));
import type { APIInteraction, APIMessage, APIRole, APITextChannel } from 'discord-api-types/v10';
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AUTHORIZE_PATH,
  authorizeAnswer,
  type InstallCodeInput,
  type IssueInstallCode,
} from './discord-authorize';
import { BOT_PERMISSIONS, discordError, snowflake, type DiscordAnswer } from './discord-objects';
import { applyResponse, interactionBuilders, isInteractionResponse } from './discord-interactions';
import { DISCORD_HANDLERS, matchRoute, type DiscordRequest, type DiscordRoute } from './discord-routes';
import { createDiscordSigner, type DiscordSigner } from './discord-signer';
import {
  DiscordState,
  type GuildInput,
  type InteractionState,
  type MemberInput,
  type RoleInput,
} from './discord-state';

export { DISCORD_ROUTES, type DiscordRequest, type DiscordRoute } from './discord-routes';
export { DEFAULT_DISCORD_USER, type InteractionWhere, type OptionValues } from './discord-interactions';
export { BOT_ROLE_POSITION } from './discord-state';
export { ED25519_SPKI_PREFIX, type DiscordSigner } from './discord-signer';

/** A route as the stand-in names it ('POST /channels/:channelId/messages'), or one call ('POST /channels/123/messages'). */
export type RouteOrCall = DiscordRoute | `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;

export type RateLimitOptions = {
  /** A global limit (X-RateLimit-Global, scope global) rather than the route's bucket. */
  global?: boolean;
  /** X-RateLimit-Scope of a bucket limit: user (default) or shared. */
  scope?: 'user' | 'shared';
};

/** What an interaction's HTTP answer was (supertest's Response fits). */
export type InteractionAnswer = { status: number; body: unknown };
/** Sends the signed interaction to the panel: its exact body and the headers Discord sends. */
export type InteractionTransport = (
  body: string,
  headers: Record<string, string>,
) => PromiseLike<InteractionAnswer>;

export type DiscordStandInOptions = { applicationId?: string; clientSecret?: string; botToken?: string };

type PendingLimit = { route: RouteOrCall; retryAfter: number } & RateLimitOptions;

const API_PREFIX = '/api/v10';

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const parseBody = (raw: string, contentType = ''): { body: unknown } | { invalid: true } => {
  if (!raw) return { body: null };
  if (contentType.startsWith('application/x-www-form-urlencoded'))
    return { body: Object.fromEntries(new URLSearchParams(raw)) };
  try {
    return { body: JSON.parse(raw) as unknown };
  } catch {
    return { invalid: true };
  }
};

/** The 429 Discord answers, with its headers (https://discord.com/developers/docs/topics/rate-limits). */
const rateLimited = (limit: PendingLimit, route: string): DiscordAnswer => {
  const seconds = limit.retryAfter;
  const headers: Record<string, string> = limit.global
    ? { 'X-RateLimit-Global': 'true', 'X-RateLimit-Scope': 'global' }
    : {
        'X-RateLimit-Limit': '5',
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': (Date.now() / 1000 + seconds).toFixed(3),
        'X-RateLimit-Reset-After': seconds.toFixed(3),
        'X-RateLimit-Bucket': createHash('md5').update(route).digest('hex'),
        'X-RateLimit-Scope': limit.scope ?? 'user',
      };
  return {
    status: 429,
    headers: { 'Retry-After': String(Math.ceil(seconds)), ...headers },
    body: { message: 'You are being rate limited.', retry_after: seconds, global: Boolean(limit.global) },
  };
};

export type DiscordStandIn = Awaited<ReturnType<typeof startDiscordStandIn>>;

export const startDiscordStandIn = async (options: DiscordStandInOptions = {}) => {
  const applicationId = options.applicationId ?? snowflake();
  const clientSecret = options.clientSecret ?? randomBytes(16).toString('hex');
  const botToken =
    options.botToken ??
    `${Buffer.from(applicationId).toString('base64')}.stand-in.${randomBytes(16).toString('hex')}`;
  const state = new DiscordState(applicationId);
  const signer: DiscordSigner = createDiscordSigner();
  const requests: DiscordRequest[] = [];
  const limits: PendingLimit[] = [];

  const issueInstallCode: IssueInstallCode = (input: InstallCodeInput = {}): string => {
    const guild = state.addGuild({ id: input.guildId, name: input.guildName });
    state.joinBot(guild, input.permissions ?? BOT_PERMISSIONS);
    const code = randomBytes(15).toString('base64url');
    state.codes.set(code, {
      guildId: guild.id,
      redirectUri: input.redirectUri,
      scope: input.scope ?? 'bot applications.commands',
      permissions: input.permissions ?? BOT_PERMISSIONS,
    });
    return code;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const rawBody = await readBody(req);
    const parsed = parseBody(rawBody, req.headers['content-type']);
    const method = req.method ?? 'GET';
    if (url.pathname === AUTHORIZE_PATH) {
      const page = authorizeAnswer(
        state,
        method,
        Object.fromEntries(url.searchParams),
        'body' in parsed ? parsed.body : null,
        issueInstallCode,
      );
      res.writeHead(page.status, page.headers);
      res.end(page.body);
      return;
    }
    const path = url.pathname.startsWith(`${API_PREFIX}/`)
      ? url.pathname.slice(API_PREFIX.length)
      : url.pathname;
    const matched = url.pathname.startsWith(`${API_PREFIX}/`) ? matchRoute(method, path) : null;
    const request: DiscordRequest = {
      method,
      path,
      route: matched?.route ?? null,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      rawBody,
      body: 'body' in parsed ? parsed.body : null,
    };
    requests.push(request);
    const limitAt = matched
      ? limits.findIndex((l) => l.route === matched.route || l.route === `${method} ${path}`)
      : -1;
    const answer: DiscordAnswer = !matched
      ? discordError(404, 0, '404: Not Found')
      : limitAt >= 0
        ? rateLimited(limits.splice(limitAt, 1)[0], matched.route)
        : 'invalid' in parsed
          ? discordError(400, 50109, 'The request body contains invalid JSON.')
          : DISCORD_HANDLERS[matched.route]({
              state,
              clientSecret,
              botToken,
              request,
              params: matched.params,
            });
    const body = answer.body === undefined ? '' : JSON.stringify(answer.body);
    res.writeHead(answer.status, {
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...answer.headers,
    });
    res.end(body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: `stand-in failure: ${error.message}`, code: 0 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const apiUrl = `${origin}${API_PREFIX}`;

  const heldFor = (interaction: APIInteraction | string): InteractionState => {
    const held = state.interactions.get(typeof interaction === 'string' ? interaction : interaction.token);
    if (!held) throw new Error('The Discord stand-in did not send this interaction');
    return held;
  };

  return {
    /** http://127.0.0.1:<port>/api/v10: what DISCORD_API_URL takes. */
    apiUrl,
    /** http://127.0.0.1:<port>; @discordjs/rest takes `api: origin + '/api'` with version '10'. */
    origin,
    /** The bot install's page, where the panel's Add to Discord sends the browser. */
    authorizeUrl: `${origin}${AUTHORIZE_PATH}`,
    /** The application (OAuth2 client id); its bot user has the same id. */
    applicationId,
    clientSecret,
    botToken,
    botUser: state.botUser,
    signer,
    /** The panel's Discord settings pointing at this stand-in, for createTestApp({ env }). */
    env: {
      DISCORD_API_URL: apiUrl,
      DISCORD_CLIENT_ID: applicationId,
      DISCORD_CLIENT_SECRET: clientSecret,
      DISCORD_BOT_TOKEN: botToken,
      DISCORD_PUBLIC_KEY: signer.publicKeyHex,
    },

    /** Builders of signed-to-be interactions (ping, command, autocomplete, component, modalSubmit). */
    interactions: interactionBuilders(state),

    /**
     * Sends `interaction` to the panel as Discord does (signed, with Discord's headers) through
     * `send`, and keeps the panel's answer as the interaction's response, so @original and
     * follow-ups work after it. Answers what `send` got.
     */
    interact: async (interaction: APIInteraction, send: InteractionTransport): Promise<InteractionAnswer> => {
      const body = JSON.stringify(interaction);
      const answer = await send(body, {
        'Content-Type': 'application/json',
        'User-Agent': 'Discord-Interactions/1.0 (+https://discord.com)',
        ...signer.sign(body),
      });
      const held = state.interactions.get(interaction.token);
      if (held && answer.status === 200 && isInteractionResponse(answer.body)) {
        const refused = applyResponse(state, held, answer.body);
        if (refused) throw new Error(`Discord would refuse this answer: ${JSON.stringify(refused.body)}`);
      }
      return answer;
    },
    /** A transport that POSTs to a listening panel's Interactions Endpoint URL (e2e). */
    postingTo:
      (endpoint: string): InteractionTransport =>
      async (body, headers) => {
        const res = await fetch(endpoint, { method: 'POST', headers, body });
        const text = await res.text();
        return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
      },
    /** What the panel answered an interaction, its original response message, its follow-ups. */
    responseTo: (interaction: APIInteraction | string) => {
      const held = heldFor(interaction);
      return {
        response: held.response,
        original: held.originalId ? (state.messages.get(held.originalId) ?? null) : null,
        followups: held.followupIds.map((id) => state.messages.get(id)).filter((m): m is APIMessage => !!m),
      };
    },

    /**
     * A code Discord's bot install hands back (…/install/callback?code&guild_id): the bot joins the
     * guild (made when new) with `permissions`; POST /oauth2/token exchanges it once, answering
     * `guild`. With `redirectUri`, the exchange must send the same redirect_uri.
     */
    issueInstallCode,
    /** A guild with @everyone, a #general channel and the bot (its managed role at BOT_ROLE_POSITION). */
    addGuild: (input: GuildInput = {}): string => state.addGuild(input).id,
    addRole: (guildId: string, input: RoleInput): APIRole => state.addRole(guildId, input),
    addChannel: (guildId: string, name: string, id?: string): APITextChannel =>
      state.addChannel(guildId, { id, name }),
    addMember: (guildId: string, input: MemberInput = {}) => state.addMember(guildId, input),
    /** The member leaves the guild (or is kicked). */
    removeMember: (guildId: string, userId: string): void => {
      state.guild(guildId).members.delete(userId);
    },
    setRoles: (guildId: string, userId: string, roleIds: string[]) =>
      state.setRoles(guildId, userId, roleIds),
    /** The bot is removed from the guild (as when an admin kicks it). */
    removeBot: (guildId: string): void => state.leaveGuild(state.guild(guildId)),

    guild: (guildId: string) => state.guildObject(state.guild(guildId)),
    botInGuild: (guildId: string): boolean => state.guilds.get(guildId)?.botInGuild ?? false,
    member: (guildId: string, userId: string) => state.guild(guildId).members.get(userId) ?? null,
    members: (guildId: string) => state.membersOf(state.guild(guildId)),
    roles: (guildId: string) => state.rolesOf(state.guild(guildId)),
    channels: (guildId: string) => [...state.guild(guildId).channels.values()],
    commands: (guildId: string) => [...state.guild(guildId).commands.values()],
    /** Every message in the channel, oldest first (ephemeral answers too: their flags say so). */
    messages: (channelId: string): APIMessage[] => state.messagesIn(channelId),
    message: (messageId: string): APIMessage | null => state.messages.get(messageId) ?? null,

    /** Every request received, in order. */
    requests,
    /** The requests to a route ('PUT /guilds/:guildId/members/:userId/roles/:roleId') or one call. */
    requestsTo: (route: RouteOrCall): DiscordRequest[] =>
      requests.filter((r) => r.route === route || `${r.method} ${r.path}` === route),
    clearRequests: (): void => {
      requests.length = 0;
    },
    /** The next call to `route` (or to one call) answers 429 with retry_after `retryAfterSeconds`. */
    rateLimitNext: (route: RouteOrCall, retryAfterSeconds: number, limit: RateLimitOptions = {}): void => {
      limits.push({ route, retryAfter: retryAfterSeconds, ...limit });
    },

    close: (): Promise<void> =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
