import { Module } from '@nestjs/common';
import { ServersModule } from '../servers/servers.module';
import { LogEntriesQuery } from './log-entries';
import { LogPurgeService } from './log-purge.service';
import { LogsController } from './logs.controller';
import { LogsService } from './logs.service';

/**
 * The Logs timeline (issue: logs and live): what the game servers reported, per server and per
 * network, and its retention. The live stream reads new lines through LogEntriesQuery and
 * toLogEntry (log-entries.ts).
 */
@Module({
  imports: [ServersModule],
  controllers: [LogsController],
  providers: [LogsService, LogEntriesQuery, LogPurgeService],
  exports: [LogEntriesQuery],
})
export class LogsModule {}
