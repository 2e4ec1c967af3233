// The public face of the plugin module: other modules import only what is exported here.
// The plugin protocol's adapter (/api/plugin/v1): its guard and routes over one protocol
// service, which the panel's own RCON connections call too.
export type { PluginCaller } from './plugin-auth.guard';
export { PluginProtocol } from './plugin-protocol.service';
export { PluginModule } from './plugin.module';
