import { Module } from '@nestjs/common';
import { CommandsModule } from '../commands/commands.module';
import { PunishmentsModule } from '../punishments/punishments.module';
import { ServersModule } from '../servers/servers.module';
import { HeartbeatService } from './heartbeat.service';
import { OfflineSweepService } from './offline-sweep.service';
import { PluginAuthGuard } from './plugin-auth.guard';
import { PluginClock } from './plugin-clock';
import { PluginController } from './plugin.controller';
import { PluginEventsService } from './plugin-events.service';
import { ServerEventsQuery } from './server-events.query';
import { SettledRosters } from './settled-rosters';
import { SteadyHeartbeats } from './steady-heartbeats';

@Module({
  imports: [ServersModule, CommandsModule, PunishmentsModule],
  controllers: [PluginController],
  providers: [
    PluginClock,
    SettledRosters,
    SteadyHeartbeats,
    PluginAuthGuard,
    HeartbeatService,
    PluginEventsService,
    OfflineSweepService,
    ServerEventsQuery,
  ],
  // The panel's own RCON connections (modules/rcon) call the same services as the routes; the
  // console reads a server's lines through ServerEventsQuery.
  exports: [PluginClock, HeartbeatService, PluginEventsService, ServerEventsQuery],
})
export class PluginModule {}
