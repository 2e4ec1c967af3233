// The public face of the logs module: other modules import only what is exported here.
// The Logs timeline: the one writer and the readers of `server_events` (what game servers reported),
// and its retention.
export { LogEntriesQuery } from './log-entries';
export { LogsModule } from './logs.module';
export { ServerEvent } from './server-event.entity';
export { ServerEventsQuery, toConsoleLine } from './server-events.query';
export { appendServerEvents } from './server-events.writer';
export type { ServerEventInput } from './server-events.writer';
export { logsSchema } from './logs.schema';
