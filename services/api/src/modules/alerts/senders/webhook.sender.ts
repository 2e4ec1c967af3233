import { Injectable } from '@nestjs/common';
import { ALERT_SIGNATURE_HEADER, ALERT_TIMESTAMP_HEADER } from '@outpost/contracts';
import { createHmac } from 'node:crypto';
import { EgressPolicy } from '../../../core/egress';
import { ChannelsService } from '../channels.service';
import { alertLinkOf, headlineOf, type Outgoing, type Sender } from './outgoing';
import { httpFailure, postJson, SendFailure } from './http-post';

/**
 * Hex HMAC-SHA256 of `<timestamp>.<body>` (the exact bytes sent), keyed by the channel's secret:
 * the timestamp is signed too, so a receiver can refuse an old request sent again.
 */
export const signatureOf = (timestamp: number, body: string, secret: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');

/**
 * A generic webhook: a JSON body, with the time it is sent (X-Outpost-Timestamp, unix seconds; a
 * retry carries its own) and the signature of both (X-Outpost-Signature).
 */
@Injectable()
export class WebhookSender implements Sender {
  constructor(
    private readonly egress: EgressPolicy,
    private readonly channels: ChannelsService,
  ) {}

  async send(message: Outgoing): Promise<void> {
    const secret = this.channels.secretOf(message.channel);
    if (!secret)
      throw new SendFailure(
        'the signing secret no longer opens (was SECRETS_KEY changed?): create the channel again',
        true,
      );
    const body = JSON.stringify({
      event: message.event,
      title: headlineOf(message),
      network: { id: message.networkId, name: message.networkName },
      alert: message.alert,
      url: alertLinkOf(message),
      sentAt: message.at.toISOString(),
    });
    const timestamp = Math.floor(message.at.getTime() / 1000);
    const answer = await postJson(this.egress, message.channel.url ?? '', body, {
      [ALERT_TIMESTAMP_HEADER]: String(timestamp),
      [ALERT_SIGNATURE_HEADER]: signatureOf(timestamp, body, secret),
    });
    if (answer.status < 200 || answer.status >= 300) throw httpFailure(answer);
  }
}
