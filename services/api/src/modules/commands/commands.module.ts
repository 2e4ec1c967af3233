import { Module } from '@nestjs/common';
import { CommandLongPoll } from './command-long-poll';
import { CommandSignal, InProcessCommandSignal } from './command-signal';
import { CommandsService } from './commands.service';
import { ConsoleHistoryQuery } from './console-history.query';

/**
 * Commands for game servers: queue (moderation, console), claim (heartbeat, long-poll), complete
 * (the plugin's result). The plugin protocol's routes stay in the plugin module's controller.
 */
@Module({
  providers: [
    CommandsService,
    CommandLongPoll,
    ConsoleHistoryQuery,
    { provide: CommandSignal, useClass: InProcessCommandSignal },
  ],
  exports: [CommandsService, CommandLongPoll, ConsoleHistoryQuery],
})
export class CommandsModule {}
