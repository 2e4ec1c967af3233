import { Module } from '@nestjs/common';
import { CommandsModule } from '../commands';
import { IdentityModule } from '../identity';
import { LogsModule } from '../logs';
import { LiveController } from './live.controller';
import { LiveEntry } from './live-entry';
import { LiveHub } from './live-hub';
import { LivePublisher } from './live-publisher';

/**
 * The live stream (issue 18, section 2): GET /api/live, the streams open on this instance, and
 * the translation of domain events into live events on the bus (core/live).
 */
@Module({
  imports: [CommandsModule, LogsModule, IdentityModule],
  controllers: [LiveController],
  providers: [LiveHub, LivePublisher, LiveEntry],
  exports: [LiveHub],
})
export class LiveModule {}
