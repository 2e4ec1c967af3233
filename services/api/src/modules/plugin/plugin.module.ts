import { Module } from '@nestjs/common';
import { ServersModule } from '../servers/servers.module';
import { HeartbeatService } from './heartbeat.service';
import { OfflineSweepService } from './offline-sweep.service';
import { PluginAuthGuard } from './plugin-auth.guard';
import { PluginClock } from './plugin-clock';
import { PluginController } from './plugin.controller';
import { PluginEventsService } from './plugin-events.service';
import { SettledRosters } from './settled-rosters';
import { SteadyHeartbeats } from './steady-heartbeats';

@Module({
  imports: [ServersModule],
  controllers: [PluginController],
  providers: [
    PluginClock,
    SettledRosters,
    SteadyHeartbeats,
    PluginAuthGuard,
    HeartbeatService,
    PluginEventsService,
    OfflineSweepService,
  ],
  exports: [PluginClock],
})
export class PluginModule {}
