import { MikroOrmMiddleware, MikroOrmModule } from '@mikro-orm/nestjs';
import {
  Logger,
  Module,
  RequestMethod,
  type DynamicModule,
  type MiddlewareConsumer,
  type NestModule,
} from '@nestjs/common';
import type { AppConfig } from '../config';
import { DatabaseHealth } from './database-health';
import { ormOptions, QueryDeadline, type OrmModel } from './orm-options';

/**
 * Routes that run without a request context: the plugin heartbeat (every server, every ten
 * seconds) works through entity managers of its own (a transaction's, the steady statements'), so
 * the identity map every other request gets would only be made and thrown away.
 */
export const WITHOUT_REQUEST_CONTEXT = [{ path: 'api/plugin/v1/heartbeat', method: RequestMethod.POST }];

@Module({})
export class DatabaseModule implements NestModule {
  static forRoot(config: AppConfig, model: OrmModel): DynamicModule {
    const logger = new Logger('Database');
    const deadline = new QueryDeadline();
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        MikroOrmModule.forRoot({
          ...ormOptions(config.database, model, (message) => logger.debug(message), deadline),
          // Registered below, for every route but WITHOUT_REQUEST_CONTEXT.
          registerRequestContext: false,
        }),
      ],
      providers: [DatabaseHealth, { provide: QueryDeadline, useValue: deadline }],
      exports: [DatabaseHealth, QueryDeadline],
    };
  }

  /** Every other HTTP request gets its own identity map (MikroORM's RequestContext middleware). */
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(MikroOrmMiddleware)
      .exclude(...WITHOUT_REQUEST_CONTEXT)
      .forRoutes({ path: '{*all}', method: RequestMethod.ALL });
  }
}
