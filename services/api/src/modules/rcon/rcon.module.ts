import { Module } from '@nestjs/common';
import { Leadership, RedisLink } from '../../core/cluster';
import { EgressModule } from '../../core/egress';
import { RateLimiter } from '../../core/rate-limit';
import { SecretBox } from '../../core/secrets';
import { CommandsModule } from '../commands';
import { PluginModule } from '../plugin';
import { ServersModule } from '../servers';
import { ConnectionOwnership, LeaderOwnership } from './connection-ownership';
import { InProcessTransports } from './in-process-transport';
import { RconConnections } from './rcon-connections';
import { RconController } from './rcon.controller';
import { RconService } from './rcon.service';
import { RedisOwnership } from './redis-ownership';

/**
 * A server's RCON settings (PUT/GET/DELETE /api/servers/{id}/rcon) and the panel's own WebRCON
 * connections, which speak the plugin protocol in-process (InProcessTransports), each held by one
 * instance (ConnectionOwnership).
 */
@Module({
  imports: [ServersModule, PluginModule, CommandsModule, EgressModule],
  controllers: [RconController],
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
    RateLimiter,
  ],
})
export class RconModule {}
