import { Module } from '@nestjs/common';
import { ServersModule } from '../servers/servers.module';
import { HeartbeatService } from './heartbeat.service';
import { OfflineSweepService } from './offline-sweep.service';
import { PluginAuthGuard } from './plugin-auth.guard';
import { PluginClock } from './plugin-clock';
import { PluginController } from './plugin.controller';
import { PluginEventsService } from './plugin-events.service';

@Module({
  imports: [ServersModule],
  controllers: [PluginController],
  providers: [PluginClock, PluginAuthGuard, HeartbeatService, PluginEventsService, OfflineSweepService],
  exports: [PluginClock],
})
export class PluginModule {}
