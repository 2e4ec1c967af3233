import { Module } from '@nestjs/common';
import { RedisLink } from '../../core/cluster';
import { CommandLongPoll } from './command-long-poll';
import { CommandSignal, InProcessCommandSignal, RedisCommandSignal } from './command-signal';
import { CommandTtl } from './command-ttl';
import { CommandsController } from './commands.controller';
import { CommandsService } from './commands.service';
import { ConsoleHistoryQuery } from './console-history.query';

/**
 * Commands for game servers: queue (moderation, console), claim (heartbeat, long-poll), complete
 * (the plugin's result) or expire (kicks and warns); the sender reads one back (CommandsController).
 * The plugin protocol's routes stay in the plugin module's controller.
 */
@Module({
  controllers: [CommandsController],
  providers: [
    CommandsService,
    CommandLongPoll,
    ConsoleHistoryQuery,
    {
      provide: CommandSignal,
      inject: [RedisLink],
      useFactory: (link: RedisLink): CommandSignal =>
        link.configured ? new RedisCommandSignal(link) : new InProcessCommandSignal(),
    },
    { provide: CommandTtl, useFactory: () => CommandTtl.fromEnv() },
  ],
  exports: [CommandsService, CommandLongPoll, ConsoleHistoryQuery],
})
export class CommandsModule {}
