import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { AlertPublisher } from './alert-publisher';
import { AlertsClock } from './alerts-clock';
import { DispatchSignal } from './dispatch-signal';
import { AlertChannelRecord } from './entities/alert-channel.entity';
import { AlertDeliveryRecord, firstDeliveryState } from './entities/alert-delivery.entity';
import { AlertRecord } from './entities/alert.entity';

/** An automation's message for chosen channels of its network. */
export type AutomationNotice = {
  networkId: string;
  serverId: string | null;
  serverName: string | null;
  automationId: string;
  /** The message, one line for a person. */
  title: string;
  channelIds: readonly string[];
};

/** Where an automation's message stands: every delivery's outcome taken together. */
export type NoticeOutcome = { status: 'pending' | 'succeeded' | 'failed'; detail: string | null };

/**
 * An automation's "send to an alert channel": an alert of kind `automation` (in the history like
 * any other, resolved at once: nothing is left to wait for) with one delivery per chosen channel,
 * sent by the dispatcher like every delivery (retries, the egress policy), so its outcome is a fact.
 */
@Injectable()
export class AutomationNotices {
  constructor(
    private readonly em: EntityManager,
    private readonly signal: DispatchSignal,
    private readonly publisher: AlertPublisher,
    private readonly clock: AlertsClock,
  ) {}

  /** The network's channel ids, to check an automation's choice when it is saved. */
  async channelIdsOf(networkId: string): Promise<Set<string>> {
    const channels = await this.em.fork().find(AlertChannelRecord, { networkId }, { fields: ['id'] });
    return new Set(channels.map((channel) => channel.id));
  }

  /** Queues the message; answers the deliveries' ids (none when no chosen channel is left and enabled). */
  async send(notice: AutomationNotice): Promise<string[]> {
    const em = this.em.fork();
    const channels = await em.find(AlertChannelRecord, {
      networkId: notice.networkId,
      id: { $in: [...notice.channelIds] },
      enabled: true,
    });
    if (channels.length === 0) return [];
    const now = this.clock.now();
    const alert = em.create(AlertRecord, {
      networkId: notice.networkId,
      serverId: notice.serverId,
      serverName: notice.serverName,
      ruleId: `automation:${notice.automationId}`.slice(0, 80),
      kind: 'automation',
      subject: notice.serverId ? `server:${notice.serverId}` : `network:${notice.networkId}`,
      title: notice.title.slice(0, 500),
      state: 'resolved',
      firedAt: now,
      openedAt: now,
      resolvedAt: now,
    });
    const deliveries = channels.map((channel) =>
      em.create(AlertDeliveryRecord, {
        networkId: notice.networkId,
        alertId: alert.id,
        channelId: channel.id,
        event: 'fired',
        ...firstDeliveryState(channel.type, now),
      }),
    );
    await em.flush();
    this.signal.wake();
    await this.publisher.changed(alert.id);
    return deliveries.map((delivery) => delivery.id);
  }

  async outcome(deliveryIds: readonly string[]): Promise<NoticeOutcome> {
    if (deliveryIds.length === 0) return { status: 'failed', detail: 'No chosen channel is enabled' };
    const deliveries = await this.em.fork().find(AlertDeliveryRecord, { id: { $in: [...deliveryIds] } });
    const failed = deliveries.filter((delivery) => delivery.status === 'failed');
    if (deliveries.some((delivery) => delivery.status === 'pending' || delivery.status === 'retrying'))
      return { status: 'pending', detail: null };
    if (failed.length)
      return {
        status: 'failed',
        detail: `${failed.length} of ${deliveries.length} deliveries failed: ${failed[0].lastError ?? 'unknown error'}`,
      };
    return { status: 'succeeded', detail: `${deliveries.length} delivered` };
  }
}
