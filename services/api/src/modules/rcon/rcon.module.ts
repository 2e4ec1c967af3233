import { Module } from '@nestjs/common';
import { EgressModule } from '../../core/egress';
import { RateLimiter } from '../../core/rate-limit';
import { SecretBox } from '../../core/secrets';
import { CommandsModule } from '../commands';
import { PluginModule } from '../plugin';
import { ServersModule } from '../servers';
import { ConnectionOwnership, SingleProcessOwnership } from './connection-ownership';
import { InProcessTransports } from './in-process-transport';
import { RconConnections } from './rcon-connections';
import { RconController } from './rcon.controller';
import { RconService } from './rcon.service';

/**
 * A server's RCON settings (PUT/GET/DELETE /api/servers/{id}/rcon) and the panel's own WebRCON
 * connections, which speak the plugin protocol in-process (InProcessTransports).
 */
@Module({
  imports: [ServersModule, PluginModule, CommandsModule, EgressModule],
  controllers: [RconController],
  providers: [
    SecretBox,
    { provide: ConnectionOwnership, useClass: SingleProcessOwnership },
    InProcessTransports,
    RconConnections,
    RconService,
    RateLimiter,
  ],
})
export class RconModule {}
