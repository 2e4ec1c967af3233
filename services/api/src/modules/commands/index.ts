// The public face of the commands module: other modules import only what is exported here.
// Commands for game servers: queued (moderation, console), delivered (heartbeat answers, the long-
// poll) and completed (the result a server reports).
export { CommandLongPoll } from './command-long-poll';
export { CommandRecord } from './command.entity';
export type { PlayerCommandPayload } from './command.entity';
export { CommandsModule } from './commands.module';
export { CommandsService, toPluginCommand } from './commands.service';
export { ConsoleHistoryQuery } from './console-history.query';
export { commandsSchema } from './commands.schema';
