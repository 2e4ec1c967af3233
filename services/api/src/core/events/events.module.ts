import { Global, Module } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { DomainEvents } from './domain-events';

/** The in-process event bus every module publishes domain events on. */
@Global()
@Module({
  imports: [EventEmitterModule.forRoot({ wildcard: false })],
  providers: [DomainEvents],
  exports: [DomainEvents],
})
export class EventsModule {}
