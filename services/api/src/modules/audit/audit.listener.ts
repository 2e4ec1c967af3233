import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { AUDIT_ACTIONS } from '@outpost/contracts';
import type { DomainEvent } from '../../core/events';
import { AuditService } from './audit.service';

/** Stores every domain event of AUDIT_ACTIONS; the emitting modules do not know about it. */
@Injectable()
export class AuditListener implements OnModuleInit {
  constructor(
    private readonly emitter: EventEmitter2,
    private readonly audit: AuditService,
  ) {}

  onModuleInit(): void {
    for (const action of AUDIT_ACTIONS)
      this.emitter.on(action, (event: DomainEvent) => this.audit.record(event));
  }
}
