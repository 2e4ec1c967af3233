import { Module } from '@nestjs/common';
import { Leadership, RedisLink } from '../../core/cluster';
import { EgressModule } from '../../core/egress';
import { RateLimiter } from '../../core/rate-limit';
import { SecretBox } from '../../core/secrets';
import { CommandsModule } from '../commands';
import { PluginModule } from '../plugin';
import { ServersModule } from '../servers';
import { ConnectionController } from './connection.controller';
import { ConnectionOwnership, LeaderOwnership } from './connection-ownership';
import { InProcessTransports } from './in-process-transport';
import { RconConnections } from './rcon-connections';
import { RconController } from './rcon.controller';
import { RconService } from './rcon.service';
import { RedisOwnership } from './redis-ownership';
import { ServerConnections } from './server-connection';

/**
 * A server's RCON settings (PUT/GET/DELETE /api/servers/{id}/rcon, POST .../rcon/retry) and the
 * panel's own WebRCON connections, which speak the plugin protocol in-process
 * (InProcessTransports), each held by one instance (ConnectionOwnership); and the one view of how
 * a server is connected, whichever way (GET /api/servers/{id}/connection).
 */
@Module({
  imports: [ServersModule, PluginModule, CommandsModule, EgressModule],
  controllers: [RconController, ConnectionController],
  providers: [
    SecretBox,
    {
      // With REDIS_URL a lease per server; without, the leader holds them all.
      provide: ConnectionOwnership,
      useFactory: (redis: RedisLink, leadership: Leadership) =>
        redis.configured ? new RedisOwnership(redis) : new LeaderOwnership(leadership),
      inject: [RedisLink, Leadership],
    },
    InProcessTransports,
    RconConnections,
    RconService,
    ServerConnections,
    RateLimiter,
  ],
})
export class RconModule {}
