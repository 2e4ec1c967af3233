import { Module } from '@nestjs/common';
import { RateLimiter } from '../../core/rate-limit';
import { CommandsModule } from '../commands';
import { PlayersModule } from '../players';
import { PunishmentsModule } from '../punishments';
import { ServersModule } from '../servers';
import { HeartbeatEntry } from './heartbeat-entry';
import { HeartbeatService } from './heartbeat.service';
import { OfflineSweepService } from './offline-sweep.service';
import { PluginAuthGuard } from './plugin-auth.guard';
import { PluginClock } from './plugin-clock';
import { PluginController } from './plugin.controller';
import { PluginEventsService } from './plugin-events.service';
import { PluginProtocol } from './plugin-protocol.service';
import { SettledRosters } from './settled-rosters';

/**
 * The plugin protocol's adapter: its guard, schemas and routes over one protocol service
 * (PluginProtocol), which the panel's own RCON connections (modules/rcon) call too. What a call
 * changes is written by the module that owns it (players, servers, logs, reports, commands).
 */
@Module({
  imports: [ServersModule, CommandsModule, PlayersModule, PunishmentsModule],
  controllers: [PluginController],
  providers: [
    PluginClock,
    SettledRosters,
    PluginAuthGuard,
    RateLimiter,
    HeartbeatService,
    HeartbeatEntry,
    PluginEventsService,
    PluginProtocol,
    OfflineSweepService,
  ],
  exports: [PluginProtocol],
})
export class PluginModule {}
