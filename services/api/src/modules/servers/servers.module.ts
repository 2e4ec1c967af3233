import { Module } from '@nestjs/common';
import { ServersController } from './servers.controller';
import { ServersService } from './servers.service';
import { SteadyHeartbeats } from './steady-heartbeats';

@Module({
  controllers: [ServersController],
  providers: [ServersService, SteadyHeartbeats],
  exports: [ServersService, SteadyHeartbeats],
})
export class ServersModule {}
