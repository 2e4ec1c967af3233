import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Logger, Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../config';
import { DatabaseHealth } from './database-health';
import { ormOptions, QueryDeadline, type OrmModel } from './orm-options';

@Module({})
export class DatabaseModule {
  static forRoot(config: AppConfig, model: OrmModel): DynamicModule {
    const logger = new Logger('Database');
    const deadline = new QueryDeadline();
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        MikroOrmModule.forRoot({
          ...ormOptions(config.database, model, (message) => logger.debug(message), deadline),
          // Every HTTP request gets its own identity map (MikroORM's RequestContext middleware).
          registerRequestContext: true,
        }),
      ],
      providers: [DatabaseHealth, { provide: QueryDeadline, useValue: deadline }],
      exports: [DatabaseHealth, QueryDeadline],
    };
  }
}
