// The public face of the rcon module: other modules import only what is exported here.
// The panel's own WebRCON connections and a server's RCON settings, and the one view of how a
// server is connected (the panel's RCON, the bridge or a plugin).
export { RconModule } from './rcon.module';
export { rconSchema } from './rcon.schema';
