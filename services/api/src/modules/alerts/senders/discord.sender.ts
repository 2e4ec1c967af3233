import { Injectable } from '@nestjs/common';
import { ALERT_CHANNEL_MESSAGES, isDiscordWebhookUrl } from '@outpost/validation';
import { EgressPolicy } from '../../../core/egress';
import { ChannelsService } from '../channels.service';
import { alertLinkOf, descriptionOf, headlineOf, type Outgoing, type Sender } from './outgoing';
import { httpFailure, postJson, SendFailure } from './http-post';

/** Embed colours: red while it fires, green once resolved, blue for a test. */
export const DISCORD_COLOURS = { fired: 0xe5484d, resolved: 0x30a46c, test: 0x3e63dd } as const;

/** An embed per alert to a Discord webhook; a 429's retry_after is honoured. */
@Injectable()
export class DiscordSender implements Sender {
  constructor(
    private readonly egress: EgressPolicy,
    private readonly channels: ChannelsService,
  ) {}

  async send(message: Outgoing): Promise<void> {
    const url = message.channel.url ?? '';
    // A channel saved before Discord's hosts were required is held to them when it is sent.
    if (!isDiscordWebhookUrl(url, this.channels.discordOrigin))
      throw new SendFailure(ALERT_CHANNEL_MESSAGES.discordUrl, true);
    const { alert } = message;
    const body = JSON.stringify({
      username: 'Outpost',
      embeds: [
        {
          title: headlineOf(message).slice(0, 256),
          description: descriptionOf(message),
          url: alertLinkOf(message),
          color: DISCORD_COLOURS[message.event],
          timestamp: message.at.toISOString(),
          fields: alert?.serverName
            ? [{ name: 'Server', value: alert.serverName.slice(0, 1024), inline: true }]
            : [],
          footer: { text: message.networkName.slice(0, 2048) },
        },
      ],
      allowed_mentions: { parse: [] },
    });
    const answer = await postJson(this.egress, url, body);
    if (answer.status === 429) throw new SendFailure('HTTP 429 (rate limited)', false, retryAfterMs(answer));
    if (answer.status < 200 || answer.status >= 300) throw httpFailure(answer);
  }
}

/** Discord says when to come back in its body (seconds, fractional) or the Retry-After header. */
const retryAfterMs = (answer: { headers: Record<string, unknown>; body: string }): number | undefined => {
  try {
    const seconds = (JSON.parse(answer.body) as { retry_after?: unknown }).retry_after;
    if (typeof seconds === 'number' && seconds >= 0) return Math.ceil(seconds * 1000);
  } catch {
    // Not JSON: the header may say.
  }
  const header = Number(answer.headers['retry-after']);
  return Number.isFinite(header) && header >= 0 ? Math.ceil(header * 1000) : undefined;
};
