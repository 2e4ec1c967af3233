import { Module, type DynamicModule } from '@nestjs/common';
import { AccessModule } from './core/access';
import { AuthModule } from './core/auth';
import { ClusterModule } from './core/cluster';
import { ConfigModule, type AppConfig } from './core/config';
import { DatabaseModule } from './core/database';
import { EventsModule } from './core/events';
import { LiveBusModule } from './core/live';
import { HealthModule } from './core/health';
import { HttpModule } from './core/http';
import { WebModule } from './core/web';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { AlertsModule } from './modules/alerts';
import { AutomationModule } from './modules/automation';
import { DiscordModule } from './modules/discord';
import { IdentityModule } from './modules/identity';
import { AuditModule } from './modules/audit';
import { ConsoleModule } from './modules/console';
import { DashboardModule } from './modules/dashboard';
import { DemoModule } from './modules/demo';
import { InvitesModule } from './modules/invites';
import { LogsModule } from './modules/logs';
import { LiveModule } from './modules/live';
import { MembersModule } from './modules/members';
import { MetaModule } from './modules/meta';
import { MapModule } from './modules/map';
import { MetricsModule } from './modules/metrics';
import { SuspiciousModule } from './modules/suspicious';
import { NetworksModule } from './modules/networks';
import { PlayersModule } from './modules/players';
import { PluginModule } from './modules/plugin';
import { RconModule } from './modules/rcon';
import { PlayerPunishmentsModule, PunishmentsModule } from './modules/punishments';
import { RemotesModule } from './modules/remotes';
import { ReportsModule } from './modules/reports';
import { ServersModule } from './modules/servers';
import { StatsModule } from './modules/stats';
import { UsersModule } from './modules/users';

export type ModuleImport = NonNullable<DynamicModule['imports']>[number];

@Module({})
export class AppModule {
  /** `extra` lets tests mount fixture modules into the very same app. */
  static forRoot(config: AppConfig, extra: ModuleImport[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(config, { entities: ENTITIES, migrations: MIGRATIONS }),
        ClusterModule,
        HttpModule,
        AuthModule,
        HealthModule,
        // First of the routes: the game servers' protocol is the busiest (every server, every few
        // seconds), and Express tries the routes in the order they were registered.
        PluginModule,
        WebModule,
        RemotesModule,
        MetaModule,
        EventsModule,
        LiveBusModule,
        AccessModule,
        NetworksModule,
        MembersModule,
        InvitesModule,
        ServersModule,
        RconModule,
        PlayersModule,
        PunishmentsModule,
        PlayerPunishmentsModule,
        ReportsModule,
        ConsoleModule,
        LogsModule,
        AuditModule,
        DashboardModule,
        LiveModule,
        StatsModule,
        MetricsModule,
        DemoModule,
        UsersModule,
        IdentityModule,
        AlertsModule,
        SuspiciousModule,
        AutomationModule,
        DiscordModule,
        MapModule,
        ...extra,
      ],
    };
  }
}
