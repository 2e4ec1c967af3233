import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { AUDIT_ACTIONS } from '@outpost/contracts';
import type { DomainEvent } from '../../core/events';
import { AuditService } from './audit.service';

/** Stores every domain event of AUDIT_ACTIONS; the emitting modules do not know about it. */
@Injectable()
export class AuditListener implements OnModuleInit {
  private readonly logger = new Logger('Audit');

  constructor(
    private readonly emitter: EventEmitter2,
    private readonly audit: AuditService,
  ) {}

  onModuleInit(): void {
    for (const action of AUDIT_ACTIONS) this.emitter.on(action, (event: DomainEvent) => this.store(event));
  }

  /** The change itself is committed by now: a failed log write is reported, not turned into a 500. */
  private async store(event: DomainEvent): Promise<void> {
    try {
      await this.audit.record(event);
    } catch (error) {
      this.logger.error(
        `Could not record ${event.action} on network ${event.networkId}`,
        error instanceof Error ? error.stack : String(error),
      );
    }
  }
}
