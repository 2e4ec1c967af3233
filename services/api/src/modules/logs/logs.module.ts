import { Module } from '@nestjs/common';
import { ServersModule } from '../servers';
import { LogEntriesQuery } from './log-entries';
import { LogPurgeService } from './log-purge.service';
import { LogsController } from './logs.controller';
import { LogsService } from './logs.service';
import { ServerEventsQuery } from './server-events.query';

/**
 * The Logs timeline: what the game servers reported (`server_events`, written only through
 * appendServerEvents), per server and per network, and its retention. The live stream reads new
 * lines through LogEntriesQuery and toLogEntry, the console its lines through ServerEventsQuery.
 */
@Module({
  imports: [ServersModule],
  controllers: [LogsController],
  providers: [LogsService, LogEntriesQuery, LogPurgeService, ServerEventsQuery],
  exports: [LogEntriesQuery, ServerEventsQuery],
})
export class LogsModule {}
