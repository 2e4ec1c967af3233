import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { AuditAction, AuditTargetType } from '@outpost/contracts';
import type { AuthUser } from '../auth/auth-user';

/**
 * Something that changed in a network. Emitted under its action name (e.g. 'server.added');
 * modules that care (audit log, realtime, alerts) subscribe with @OnEvent, so the emitting
 * module never imports them.
 */
export type DomainEvent = {
  action: AuditAction;
  networkId: string;
  networkName: string;
  actor: { id: string; name: string };
  target: { type: AuditTargetType; id: string; name: string };
  details: Record<string, unknown>;
  at: Date;
};

export type DomainEventInput = Omit<DomainEvent, 'actor' | 'at' | 'details'> & {
  details?: Record<string, unknown>;
};

/** How a person appears in events: their name, else their e-mail. */
export const actorOf = (user: Pick<AuthUser, 'id' | 'name' | 'email'>): DomainEvent['actor'] => ({
  id: user.id,
  name: user.name.trim() || user.email,
});

@Injectable()
export class DomainEvents {
  constructor(private readonly emitter: EventEmitter2) {}

  /**
   * Emits after the change is committed and waits for the listeners, so a client that reads the
   * audit log right after a change already sees it.
   */
  async publish(actor: Pick<AuthUser, 'id' | 'name' | 'email'>, event: DomainEventInput): Promise<void> {
    const full: DomainEvent = {
      ...event,
      details: event.details ?? {},
      actor: actorOf(actor),
      at: new Date(),
    };
    await this.emitter.emitAsync(event.action, full);
  }
}
