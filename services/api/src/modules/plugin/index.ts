// The public face of the plugin module: other modules import only what is exported here.
// The plugin protocol's adapter (/api/plugin/v1): its guard, schemas and routes over one protocol
// service, which the panel's own RCON connections call too.
export type { PluginCaller } from './plugin-auth.guard';
export { PluginProtocol } from './plugin-protocol.service';
export { commandResultSchema, eventsBatchSchema, heartbeatSchema } from './plugin-schemas';
export { PluginModule } from './plugin.module';
