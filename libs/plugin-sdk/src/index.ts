export * from './plugin-client';
export * from './errors';
export * from './backoff';
export * from './event-store';
export * from './event-batcher';
export {
  PLUGIN_API_PATH,
  PLUGIN_COMMAND_TYPES,
  PLUGIN_COMMANDS_MAX_WAIT_SECONDS,
  PLUGIN_PLAYER_COMMAND_TYPES,
  PLUGIN_MAX_EVENTS_PER_BATCH,
  PLUGIN_MAX_HEARTBEAT_PLAYERS,
  PLUGIN_MISSED_HEARTBEATS_BEFORE_OFFLINE,
  type ChatEvent,
  type CommandResultRequest,
  type CommandResultResponse,
  type CommandsResponse,
  type ConnectEvent,
  type DisconnectEvent,
  type EventsRequest,
  type EventsResponse,
  type HeartbeatPlayer,
  type HeartbeatRequest,
  type HeartbeatResponse,
  type KillEvent,
  type LogEvent,
  type PluginCommand,
  type PluginCommandType,
  type PluginConsoleCommand,
  type PluginPlayerCommand,
  type PluginPlayerCommandType,
  type PluginEvent,
  type PluginEventType,
  type PluginPosition,
  type ReportEvent,
} from '@outpost/contracts';
