import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../../core/events';
import { AlertView } from './alert-view';

/** Every change of an alert or its deliveries goes to the network's members (alert.changed). */
@Injectable()
export class AlertPublisher {
  constructor(
    private readonly view: AlertView,
    private readonly events: DomainEvents,
  ) {}

  async changed(alertId: string): Promise<void> {
    const alert = await this.view.one(alertId);
    if (alert) this.events.emit('alert.changed', { networkId: alert.networkId, alert });
  }
}
