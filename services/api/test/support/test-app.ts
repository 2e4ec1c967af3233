import { MikroORM } from '@mikro-orm/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { ModuleImport } from '../../src/app.module';
import { loadConfig, type AppConfig } from '../../src/core/config';
import { createApp } from '../../src/create-app';
import { createTestDatabase, type TestDatabase } from './test-database';

export type TestAppOptions = {
  /** Environment overrides (e.g. { DEMO: 'false', REMOTES_JSON: '...' }); undefined removes one. */
  env?: Record<string, string | undefined>;
  /** Fixture modules mounted into the app. */
  imports?: ModuleImport[];
  /** Reuse a database prepared by the test (e.g. an old schema to upgrade); created otherwise. */
  database?: TestDatabase;
};

export type TestApp = {
  app: NestExpressApplication;
  config: AppConfig;
  orm: MikroORM;
  database: TestDatabase;
  /** Plain supertest: no headers added. */
  http: ReturnType<typeof request>;
  /** A cookie-keeping agent that sends the X-API-Key on every request. */
  api: ReturnType<typeof request.agent>;
  /** Another agent with its own cookie jar (a second browser), also sending the X-API-Key. */
  newAgent(): ReturnType<typeof request.agent>;
  /** Closes the app and drops its database. */
  close(): Promise<void>;
};

/** The env a test app starts from: quiet logs, an empty web root (the shell counts as unbuilt). */
export const testEnv = (database: TestDatabase, overrides: TestAppOptions['env'] = {}): NodeJS.ProcessEnv => {
  const env: Record<string, string | undefined> = {
    LOG_LEVEL: 'silent',
    // No demo network or simulated servers unless a suite asks for them.
    DEMO_SIMULATION: 'false',
    WEB_ROOT: database.dataDir,
    ...database.env,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
};

/**
 * The real app (createApp, as main.ts builds it) on a fresh database, migrated. Every API
 * suite starts here: `const t = await createTestApp(); ... afterAll(() => t.close())`.
 */
export const createTestApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  const database = options.database ?? (await createTestDatabase());
  let config: AppConfig;
  let app: NestExpressApplication;
  try {
    // A configuration refused (a suite testing that) must not leave its database behind.
    config = loadConfig(testEnv(database, options.env));
    app = await createApp(config, { imports: options.imports });
  } catch (error) {
    await database.drop();
    throw error;
  }
  const server = app.getHttpServer();
  const newAgent = () => request.agent(server).set('X-API-Key', config.apiKey);
  return {
    app,
    config,
    orm: app.get(MikroORM),
    database,
    http: request(server),
    api: newAgent(),
    newAgent,
    close: async () => {
      try {
        await app.close();
      } finally {
        await database.drop();
      }
    },
  };
};
