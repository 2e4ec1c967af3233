import { Module, type DynamicModule } from '@nestjs/common';
import { AccessModule } from './core/access';
import { AuthModule } from './core/auth/auth.module';
import { ConfigModule, type AppConfig } from './core/config';
import { DatabaseModule } from './core/database/database.module';
import { EventsModule } from './core/events';
import { LiveBusModule } from './core/live';
import { HealthModule } from './core/health/health.module';
import { HttpModule } from './core/http/http.module';
import { WebModule } from './core/web/web.module';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { IdentityModule } from './modules/identity/identity.module';
import { AuditModule } from './modules/audit/audit.module';
import { ConsoleModule } from './modules/console/console.module';
import { DashboardModule } from './modules/dashboard/dashboard.module';
import { DemoModule } from './modules/demo/demo.module';
import { InvitesModule } from './modules/invites/invites.module';
import { LogsModule } from './modules/logs/logs.module';
import { LiveModule } from './modules/live/live.module';
import { MembersModule } from './modules/members/members.module';
import { MetaModule } from './modules/meta/meta.module';
import { NetworksModule } from './modules/networks/networks.module';
import { PlayersModule } from './modules/players/players.module';
import { PluginModule } from './modules/plugin/plugin.module';
import { RconModule } from './modules/rcon/rcon.module';
import { ReportsModule } from './modules/reports/reports.module';
import { ServersModule } from './modules/servers/servers.module';
import { StatsModule } from './modules/stats/stats.module';
import { UsersModule } from './modules/users/users.module';

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
        HttpModule,
        AuthModule,
        HealthModule,
        // First of the routes: the game servers' protocol is the busiest (every server, every few
        // seconds), and Express tries the routes in the order they were registered.
        PluginModule,
        WebModule,
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
        ReportsModule,
        ConsoleModule,
        LogsModule,
        AuditModule,
        DashboardModule,
        LiveModule,
        StatsModule,
        DemoModule,
        UsersModule,
        IdentityModule,
        ...extra,
      ],
    };
  }
}
