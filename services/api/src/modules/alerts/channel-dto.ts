import type { AlertChannel } from '@outpost/contracts';
import type { AlertChannelRecord } from './entities/alert-channel.entity';

/** The URL is shown to those who manage alerts only (it is a credential for Discord). */
export const toChannelDto = (channel: AlertChannelRecord, showUrl: boolean): AlertChannel => ({
  id: channel.id,
  networkId: channel.networkId,
  type: channel.type,
  name: channel.name,
  emails: channel.emails,
  url: showUrl ? channel.url : null,
  enabled: channel.enabled,
  createdAt: channel.createdAt.toISOString(),
});
