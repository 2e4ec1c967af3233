import { Module } from '@nestjs/common';
import { ServerAgents } from './server-agents';
import { ServersController } from './servers.controller';
import { ServersService } from './servers.service';
import { SteadyHeartbeats } from './steady-heartbeats';

@Module({
  controllers: [ServersController],
  providers: [ServersService, SteadyHeartbeats, ServerAgents],
  exports: [ServersService, SteadyHeartbeats, ServerAgents],
})
export class ServersModule {}
