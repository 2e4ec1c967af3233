import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { Alert, AlertDelivery } from '@outpost/contracts';
import { Network } from '../tenancy';
import { AlertChannelRecord } from './entities/alert-channel.entity';
import { AlertDeliveryRecord } from './entities/alert-delivery.entity';
import { AlertRecord } from './entities/alert.entity';

type ChannelNames = Map<string, Pick<AlertChannelRecord, 'type' | 'name'>>;

export const toDeliveryDto = (delivery: AlertDeliveryRecord, channels: ChannelNames): AlertDelivery => {
  const channel = channels.get(delivery.channelId);
  return {
    id: delivery.id,
    channelId: delivery.channelId,
    channelType: channel?.type ?? 'panel',
    channelName: channel?.name ?? '',
    event: delivery.event,
    status: delivery.status,
    attempts: delivery.attempts,
    lastError: delivery.lastError,
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
  };
};

/** Alerts as clients read them: with their network's name and their deliveries (one query each). */
@Injectable()
export class AlertView {
  constructor(private readonly em: EntityManager) {}

  async one(alertId: string): Promise<Alert | null> {
    const em = this.em.fork();
    const alert = await em.findOne(AlertRecord, { id: alertId });
    return alert ? ((await this.many(em, [alert]))[0] ?? null) : null;
  }

  async many(em: EntityManager, alerts: AlertRecord[]): Promise<Alert[]> {
    if (alerts.length === 0) return [];
    const alertIds = alerts.map((alert) => alert.id);
    const networkIds = [...new Set(alerts.map((alert) => alert.networkId))];
    const [deliveries, networks] = await Promise.all([
      em.find(
        AlertDeliveryRecord,
        { alertId: { $in: alertIds } },
        { orderBy: { createdAt: 'asc', id: 'asc' } },
      ),
      em.find(Network, { id: { $in: networkIds } }, { fields: ['id', 'name'] }),
    ]);
    const channels = await this.channelsOf(em, deliveries);
    const names = new Map(networks.map((network) => [network.id, network.name]));
    const byAlert = new Map<string, AlertDelivery[]>();
    for (const delivery of deliveries) {
      const list = byAlert.get(delivery.alertId!) ?? [];
      list.push(toDeliveryDto(delivery, channels));
      byAlert.set(delivery.alertId!, list);
    }
    return alerts.map((alert) => ({
      id: alert.id,
      networkId: alert.networkId,
      networkName: names.get(alert.networkId) ?? '',
      serverId: alert.serverId,
      serverName: alert.serverName,
      ruleId: alert.ruleId,
      kind: alert.kind,
      title: alert.title,
      state: alert.state,
      firedAt: alert.firedAt.toISOString(),
      resolvedAt: alert.resolvedAt?.toISOString() ?? null,
      flaps: alert.flaps,
      deliveries: byAlert.get(alert.id) ?? [],
    }));
  }

  async channelsOf(em: EntityManager, deliveries: AlertDeliveryRecord[]): Promise<ChannelNames> {
    const ids = [...new Set(deliveries.map((delivery) => delivery.channelId))];
    if (ids.length === 0) return new Map();
    const channels = await em.find(
      AlertChannelRecord,
      { id: { $in: ids } },
      { fields: ['id', 'type', 'name'] },
    );
    return new Map(channels.map((channel) => [channel.id, channel]));
  }
}
