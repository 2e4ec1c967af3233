import { Module, type DynamicModule } from '@nestjs/common';
import { AuthModule } from './core/auth/auth.module';
import { ConfigModule, type AppConfig } from './core/config';
import { DatabaseModule } from './core/database/database.module';
import { HealthModule } from './core/health/health.module';
import { HttpModule } from './core/http/http.module';
import { WebModule } from './core/web/web.module';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { IdentityModule } from './modules/identity/identity.module';
import { MetaModule } from './modules/meta/meta.module';
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
        WebModule,
        MetaModule,
        UsersModule,
        IdentityModule,
        ...extra,
      ],
    };
  }
}
