// The public face of the rcon module: other modules import only what is exported here.
// The panel's own WebRCON connections and a server's RCON settings.
export { RconModule } from './rcon.module';
export { rconSchema } from './rcon.schema';
