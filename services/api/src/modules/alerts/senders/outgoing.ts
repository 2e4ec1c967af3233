import type { Alert, AlertDelivery } from '@outpost/contracts';
import type { AlertChannelRecord } from '../entities/alert-channel.entity';

/** One message to one channel, as the dispatcher hands it to the channel type's sender. */
export type Outgoing = {
  event: AlertDelivery['event'];
  /** Null for a channel's test. */
  alert: Omit<Alert, 'deliveries'> | null;
  channel: AlertChannelRecord;
  networkId: string;
  networkName: string;
  /** The panel's address, for a link back. */
  panelUrl: string;
  at: Date;
};

/** Sends one message; throws a SendFailure (http-post.ts) when it did not arrive. */
export type Sender = { send(message: Outgoing): Promise<void> };

/** The headline every channel shows. */
export const headlineOf = ({ event, alert, channel }: Outgoing): string => {
  if (!alert) return `Test alert: the channel “${channel.name}” works`;
  return event === 'resolved' ? `Resolved: ${alert.title}` : alert.title;
};

/** A sentence or two under the headline. */
export const descriptionOf = ({ event, alert, networkName }: Outgoing): string => {
  if (!alert) return `Alerts of ${networkName} will arrive here.`;
  if (event === 'resolved' && alert.resolvedAt) {
    const minutes = Math.max(
      1,
      Math.round((Date.parse(alert.resolvedAt) - Date.parse(alert.firedAt)) / 60_000),
    );
    return `${networkName}: resolved after ${minutes} minute${minutes === 1 ? '' : 's'} (fired ${alert.firedAt}).`;
  }
  return `${networkName}: fired at ${alert.firedAt}.`;
};

export const alertLinkOf = ({ panelUrl, networkId, alert }: Outgoing): string =>
  alert?.serverId
    ? `${panelUrl}/networks/${networkId}/${alert.serverId}/alerts`
    : `${panelUrl}/networks/${networkId}`;
