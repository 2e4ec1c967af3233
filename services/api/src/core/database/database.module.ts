import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Logger, Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../config';
import { DatabaseHealth } from './database-health';
import { ormOptions, type OrmModel } from './orm-options';

@Module({})
export class DatabaseModule {
  static forRoot(config: AppConfig, model: OrmModel): DynamicModule {
    const logger = new Logger('Database');
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        MikroOrmModule.forRoot({
          ...ormOptions(config.database, model, (message) => logger.debug(message)),
          // Every HTTP request gets its own identity map (MikroORM's RequestContext middleware).
          registerRequestContext: true,
        }),
      ],
      providers: [DatabaseHealth],
      exports: [DatabaseHealth],
    };
  }
}
