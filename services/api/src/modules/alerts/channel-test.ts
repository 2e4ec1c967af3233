import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { AlertDelivery } from '@outpost/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { toDeliveryDto } from './alert-view';
import { AlertsClock } from './alerts-clock';
import { ChannelsService } from './channels.service';
import { DispatchSignal } from './dispatch-signal';
import { AlertDeliveryRecord, firstDeliveryState } from './entities/alert-delivery.entity';

/** How long "Send test" waits for the first attempt's outcome before answering it pending. */
export const TEST_WAIT_MS = 5_000;
const POLL_MS = 100;

/** "Send test": a delivery with event 'test', sent by the dispatcher like any other. */
@Injectable()
export class ChannelTest {
  constructor(
    private readonly em: EntityManager,
    private readonly channels: ChannelsService,
    private readonly signal: DispatchSignal,
    private readonly clock: AlertsClock,
  ) {}

  async send(networkId: string, channelId: string): Promise<AlertDelivery> {
    const em = this.em.fork();
    const channel = await this.channels.find(em, networkId, channelId);
    const now = this.clock.now();
    const panel = channel.type === 'panel';
    const delivery = em.create(AlertDeliveryRecord, {
      networkId,
      channelId: channel.id,
      event: 'test',
      ...firstDeliveryState(channel.type, now),
    });
    await em.flush();
    if (!panel) this.signal.wake();
    const names = new Map([[channel.id, channel]]);
    const deadline = Date.now() + TEST_WAIT_MS;
    let current = delivery;
    while (current.status === 'pending' && Date.now() < deadline) {
      await sleep(POLL_MS);
      current = (await this.em.fork().findOne(AlertDeliveryRecord, { id: delivery.id })) ?? current;
    }
    return toDeliveryDto(current, names);
  }
}
