import 'reflect-metadata';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { MikroORM } from '@mikro-orm/core';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule, type ModuleImport } from './app.module';
import { nestLogLevels, type AppConfig } from './core/config';
import { bindOrmParameters, runMigrations, QueryDeadline, waitWhileAnswering } from './core/database';
import { answerClientErrors, configureHttp, setupOpenApi } from './core/http';
import { mountWeb, RemotesInForce } from './core/web';

export type CreateAppOptions = {
  /** Extra modules (test fixtures) mounted into the app. */
  imports?: ModuleImport[];
};

/**
 * Builds the whole server, initialised but not listening: main.ts listens, tests hand it to
 * supertest. The schema is migrated before any module's init hook runs, so no module ever sees
 * an old schema.
 */
export const createApp = async (
  config: AppConfig,
  options: CreateAppOptions = {},
): Promise<NestExpressApplication> => {
  mkdirSync(config.dataDir, { recursive: true });
  const levels = nestLogLevels(config.logLevel);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, options.imports), {
    // Parsers are mounted by configureHttp, after the API key check and with our error mapping.
    bodyParser: false,
    logger: levels.length > 0 ? levels : false,
    // Throw instead of exiting the process, so tests and main.ts report start-up errors.
    abortOnError: false,
  });
  try {
    configureHttp(app, config, app.get(RemotesInForce));
    answerClientErrors(app.getHttpServer() as Server);
    mountWeb(app, config);
    setupOpenApi(app);
    bindOrmParameters(app.get(MikroORM));
    waitWhileAnswering(app.get(MikroORM), app.get(QueryDeadline));
    const applied = await runMigrations(app.get(MikroORM), app.get(QueryDeadline));
    if (applied.length > 0) new Logger('Database').log(`Applied migrations: ${applied.join(', ')}`);
    await app.init();
    return app;
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
};
