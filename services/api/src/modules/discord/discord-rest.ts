import { REST, DiscordAPIError } from '@discordjs/rest';
import { Injectable } from '@nestjs/common';
import type { DiscordSetting } from '@outpost/contracts';
import {
  Routes,
  type APIChannel,
  type APIGuildMember,
  type APIMessage,
  type APIRole,
  type RESTPostAPIApplicationGuildCommandsJSONBody,
  type RESTPostAPIChannelMessageJSONBody,
  type RESTPostOAuth2AccessTokenResult,
} from 'discord-api-types/v10';
import { InjectConfig, type AppConfig } from '../../core/config';

/** Discord's error code for a webhook (an interaction's, before its answer is taken) it does not know. */
const UNKNOWN_WEBHOOK = 10015;
const FOLLOW_UP_ATTEMPTS = 5;
const FOLLOW_UP_RETRY_MS = 500;

/** What the token exchange of a bot install answers: the guild the bot was added to. */
export type InstalledGuild = { id: string; name: string };

/** A Discord refusal or failure, in words for the sync report and the tab. */
export const discordFailureText = (error: unknown): string =>
  error instanceof DiscordAPIError
    ? `Discord answered ${error.status}: ${error.message}`
    : `Discord could not be reached: ${(error as Error).message}`;

/**
 * Discord's REST API for the panel's one application, through @discordjs/rest (it keeps Discord's
 * rate-limit buckets and waits out a 429's retry_after). The bot token is the operator's
 * (DISCORD_BOT_TOKEN); the address is DISCORD_API_URL (Discord's, or a stand-in in tests).
 */
@Injectable()
export class DiscordRest {
  readonly clientId: string | null;
  private readonly clientSecret: string | null;
  readonly publicKey: string | null;
  private readonly botToken: string | null;
  private readonly apiUrl: string;
  private client: REST | null = null;

  constructor(@InjectConfig() config: AppConfig) {
    const { discord, oauth } = config.identity;
    this.clientId = oauth.discord.clientId;
    this.clientSecret = oauth.discord.clientSecret;
    this.publicKey = discord.publicKey;
    this.botToken = discord.botToken;
    this.apiUrl = discord.apiUrl;
  }

  /** The settings the operator has yet to set for the bot to work (none: it is configured). */
  get missing(): DiscordSetting[] {
    const set: Record<DiscordSetting, unknown> = {
      DISCORD_CLIENT_ID: this.clientId,
      DISCORD_CLIENT_SECRET: this.clientSecret,
      DISCORD_PUBLIC_KEY: this.publicKey,
      DISCORD_BOT_TOKEN: this.botToken,
    };
    return (Object.keys(set) as DiscordSetting[]).filter((name) => !set[name]);
  }

  get configured(): boolean {
    return this.missing.length === 0;
  }

  /** Discord's OAuth2 authorize page on the same host as the API (discord.com/oauth2/authorize). */
  get authorizeUrl(): string {
    const api = new URL(this.apiUrl);
    return `${api.origin}${api.pathname.replace(/\/api\/v\d+\/?$/, '')}/oauth2/authorize`;
  }

  private get rest(): REST {
    if (!this.client) {
      const api = new URL(this.apiUrl);
      const version = /\/v(\d+)\/?$/.exec(api.pathname)?.[1] ?? '10';
      this.client = new REST({
        api: `${api.origin}${api.pathname.replace(/\/v\d+\/?$/, '')}`,
        version,
        timeout: 10_000,
        retries: 2,
      }).setToken(this.botToken ?? '');
    }
    return this.client;
  }

  /** Exchanges a bot install's code: answers the guild it was added to. */
  async exchangeInstallCode(code: string, redirectUri: string): Promise<InstalledGuild> {
    const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    const answer = (await this.rest.post(Routes.oauth2TokenExchange(), {
      body,
      passThroughBody: true,
      auth: false,
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`,
      },
    })) as RESTPostOAuth2AccessTokenResult & { guild?: { id: string; name: string } };
    if (!answer.guild) throw new Error('Discord did not say which server the bot was added to');
    return { id: answer.guild.id, name: answer.guild.name };
  }

  /** Replaces the guild's slash commands with these (bulk overwrite). */
  async setGuildCommands(
    guildId: string,
    commands: RESTPostAPIApplicationGuildCommandsJSONBody[],
  ): Promise<void> {
    await this.rest.put(Routes.applicationGuildCommands(this.clientId ?? '', guildId), { body: commands });
  }

  /** Every member of the guild, read in pages of 1,000. */
  async members(guildId: string): Promise<APIGuildMember[]> {
    const all: APIGuildMember[] = [];
    let after = '0';
    for (;;) {
      const page = (await this.rest.get(Routes.guildMembers(guildId), {
        query: new URLSearchParams({ limit: '1000', after }),
      })) as APIGuildMember[];
      all.push(...page);
      if (page.length < 1000) return all;
      after = page[page.length - 1].user.id;
    }
  }

  async addRole(guildId: string, userId: string, roleId: string): Promise<void> {
    await this.rest.put(Routes.guildMemberRole(guildId, userId, roleId));
  }

  async removeRole(guildId: string, userId: string, roleId: string): Promise<void> {
    await this.rest.delete(Routes.guildMemberRole(guildId, userId, roleId));
  }

  async channels(guildId: string): Promise<APIChannel[]> {
    return (await this.rest.get(Routes.guildChannels(guildId))) as APIChannel[];
  }

  async roles(guildId: string): Promise<APIRole[]> {
    return (await this.rest.get(Routes.guildRoles(guildId))) as APIRole[];
  }

  async createMessage(channelId: string, message: RESTPostAPIChannelMessageJSONBody): Promise<APIMessage> {
    return (await this.rest.post(Routes.channelMessages(channelId), { body: message })) as APIMessage;
  }

  async editMessage(
    channelId: string,
    messageId: string,
    message: RESTPostAPIChannelMessageJSONBody,
  ): Promise<void> {
    await this.rest.patch(Routes.channelMessage(channelId, messageId), { body: message });
  }

  /** Edits an interaction's first answer (its token is valid 15 minutes). */
  async editOriginal(interactionToken: string, message: RESTPostAPIChannelMessageJSONBody): Promise<void> {
    await this.rest.patch(Routes.webhookMessage(this.clientId ?? '', interactionToken, '@original'), {
      body: message,
      auth: false,
    });
  }

  /**
   * A follow-up message to an interaction (after a deferred answer). Discord knows the
   * interaction's webhook only once it has taken the deferred answer, which travels back in the
   * HTTP response while the work goes on: an early follow-up's Unknown Webhook is tried again.
   */
  async followUp(
    interactionToken: string,
    message: RESTPostAPIChannelMessageJSONBody & { flags?: number },
  ): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.rest.post(Routes.webhook(this.clientId ?? '', interactionToken), {
          body: message,
          auth: false,
        });
        return;
      } catch (error) {
        const early = error instanceof DiscordAPIError && error.code === UNKNOWN_WEBHOOK;
        if (!early || attempt >= FOLLOW_UP_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, FOLLOW_UP_RETRY_MS));
      }
    }
  }
}
