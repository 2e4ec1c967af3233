import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { AUDIT_ACTIONS } from '@outpost/contracts';
import { DomainEvents, type DomainEvent } from '../../core/events';
import { AuditService } from './audit.service';

/** Stores every domain event of AUDIT_ACTIONS (its subset of the event map); the emitting modules do not know about it. */
@Injectable()
export class AuditListener implements OnModuleInit {
  private readonly logger = new Logger('Audit');

  constructor(
    private readonly events: DomainEvents,
    private readonly audit: AuditService,
  ) {}

  onModuleInit(): void {
    for (const action of AUDIT_ACTIONS) this.events.on(action, (event) => this.store(event));
  }

  /** The change itself is committed by now: a failed log write is reported, not turned into a 500. */
  private async store(event: DomainEvent): Promise<void> {
    try {
      const entry = await this.audit.record(event);
      if (entry.networkId) this.events.emit('audit.recorded', { networkId: entry.networkId, entry });
    } catch (error) {
      this.logger.error(
        `Could not record ${event.action} on network ${event.networkId}`,
        error instanceof Error ? error.stack : String(error),
      );
    }
  }
}
