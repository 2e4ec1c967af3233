import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { AlertChannel, AlertChannelType, CreatedAlertChannel } from '@outpost/contracts';
import {
  channelNeedsUrl,
  channelUrlProblem,
  type CreateAlertChannelInput,
  type UpdateAlertChannelInput,
} from '@outpost/validation';
import { randomBytes } from 'node:crypto';
import { InjectConfig, type AppConfig } from '../../core/config';
import { SecretBox } from '../../core/secrets';
import { alertErrors } from './alerts.errors';
import { ChannelUrlCheck } from './channel-url';
import { toChannelDto } from './channel-dto';
import { AlertChannelRecord } from './entities/alert-channel.entity';
import { AlertRuleRecord } from './entities/alert-rule.entity';

/** What every network starts with (the migration gave the existing ones the same). */
export const DEFAULT_CHANNELS: readonly { type: AlertChannelType; name: string }[] = [
  { type: 'panel', name: 'Panel' },
  { type: 'email', name: 'Owner and admins' },
];

@Injectable()
export class ChannelsService {
  /** DISCORD_API_URL's origin: a Discord channel's webhook may be there too (a stand-in in tests). */
  readonly discordOrigin: string;

  constructor(
    private readonly em: EntityManager,
    private readonly urls: ChannelUrlCheck,
    private readonly secrets: SecretBox,
    @InjectConfig() config: AppConfig,
  ) {
    this.discordOrigin = new URL(config.identity.discord.apiUrl).origin;
  }

  async list(networkId: string, showUrls: boolean): Promise<AlertChannel[]> {
    const channels = await this.em
      .fork()
      .find(AlertChannelRecord, { networkId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return channels.map((channel) => toChannelDto(channel, showUrls));
  }

  /** A webhook's signing secret is made here and answered this once. */
  async create(networkId: string, input: CreateAlertChannelInput): Promise<CreatedAlertChannel> {
    const em = this.em.fork();
    const url = channelNeedsUrl(input.type) ? await this.checkedUrl(input.type, input.url) : null;
    if (input.type === 'panel' && (await em.count(AlertChannelRecord, { networkId, type: 'panel' })))
      throw alertErrors.panelOnce();
    const channel = em.create(AlertChannelRecord, {
      networkId,
      type: input.type,
      name: input.name,
      emails: input.type === 'email' ? [...new Set(input.emails ?? [])] : [],
      url,
      enabled: input.enabled ?? true,
    });
    let secret: string | undefined;
    if (input.type === 'webhook') {
      secret = randomBytes(32).toString('hex');
      channel.secretSealed = this.secrets.seal(secret, channel.id);
    }
    await em.flush();
    return { ...toChannelDto(channel, true), ...(secret ? { secret } : {}) };
  }

  async update(networkId: string, channelId: string, input: UpdateAlertChannelInput): Promise<AlertChannel> {
    const em = this.em.fork();
    const channel = await this.find(em, networkId, channelId);
    if (input.type !== undefined && input.type !== channel.type) throw alertErrors.typeStays();
    if (input.url !== undefined && channelNeedsUrl(channel.type))
      channel.url = await this.checkedUrl(channel.type, input.url);
    if (input.emails !== undefined && channel.type === 'email') channel.emails = [...new Set(input.emails)];
    if (input.name !== undefined) channel.name = input.name;
    if (input.enabled !== undefined) channel.enabled = input.enabled;
    await em.flush();
    return toChannelDto(channel, true);
  }

  /**
   * Removes the channel and takes it out of the rules that named it (in one flush): a rule left
   * with none sends to every channel again rather than to nowhere.
   */
  async remove(networkId: string, channelId: string): Promise<void> {
    const em = this.em.fork();
    em.remove(await this.find(em, networkId, channelId));
    for (const rule of await em.find(AlertRuleRecord, { networkId }))
      if (rule.channelIds.includes(channelId))
        rule.channelIds = rule.channelIds.filter((id) => id !== channelId);
    await em.flush();
  }

  async find(em: EntityManager, networkId: string, channelId: string): Promise<AlertChannelRecord> {
    const channel = await em.findOne(AlertChannelRecord, { id: channelId, networkId });
    if (!channel) throw alertErrors.channelNotFound();
    return channel;
  }

  /** A new network's panel and e-mail channels. */
  async addDefaults(networkId: string): Promise<void> {
    const em = this.em.fork();
    const now = Date.now();
    // A millisecond apart, so they list in this order.
    DEFAULT_CHANNELS.forEach(({ type, name }, i) =>
      em.create(AlertChannelRecord, { networkId, type, name, createdAt: new Date(now + i) }),
    );
    await em.flush();
  }

  /** The webhook's secret, to sign with (null when it no longer opens: another SECRETS_KEY). */
  secretOf(channel: AlertChannelRecord): string | null {
    return channel.secretSealed ? this.secrets.open(channel.secretSealed, channel.id) : null;
  }

  private async checkedUrl(type: AlertChannelType, url: string | undefined): Promise<string> {
    const problem = channelUrlProblem(type, url, this.discordOrigin);
    if (problem || !url) throw alertErrors[problem ?? 'urlRequired']();
    await this.urls.check(url);
    return url;
  }
}
