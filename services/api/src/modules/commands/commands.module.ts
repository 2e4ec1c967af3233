import { Module } from '@nestjs/common';
import { CommandLongPoll } from './command-long-poll';
import { CommandSignal, InProcessCommandSignal } from './command-signal';
import { CommandsService } from './commands.service';

/**
 * Commands for game servers: queue (moderation, console), claim (heartbeat, long-poll), complete
 * (the plugin's result). The plugin protocol's routes stay in the plugin module's controller.
 */
@Module({
  providers: [CommandsService, CommandLongPoll, { provide: CommandSignal, useClass: InProcessCommandSignal }],
  exports: [CommandsService, CommandLongPoll],
})
export class CommandsModule {}
