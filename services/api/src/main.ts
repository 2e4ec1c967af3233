import type { Server } from 'node:http';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ConfigError, loadConfig } from './core/config';
import { Draining, drainHttp } from './core/http';
import { createApp } from './create-app';
import { DemoService } from './modules/demo';

const logger = new Logger('Outpost');

/**
 * SIGTERM/SIGINT: stop taking connections, let the requests in flight finish (a heartbeat that
 * arrived just before must get its answer, not a reset), then run the shutdown hooks (the
 * simulation and RCON connections stop, the ORM closes its pool) and exit 0, so an orchestrator
 * sees a clean stop. Nest's own shutdown hooks would close the database before the last answers
 * were written. A signal during start-up (migrations) stops the server as soon as it is built.
 */
let app: NestExpressApplication | undefined;
let listening = false;
let stopping = false;
const stop = async (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  if (!app) return logger.log(`${signal}: stopping once start-up has finished`);
  logger.log(`${signal}: finishing the requests in flight`);
  try {
    if (listening) await drainHttp(app.getHttpServer() as Server, app.get(Draining));
    await app.close();
    process.exit(0);
  } catch (error) {
    logger.error('Shutdown failed', error instanceof Error ? error.stack : String(error));
    process.exit(1);
  }
};
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, (s) => void stop(s));

const start = async (): Promise<void> => {
  const config = loadConfig();
  app = await createApp(config);
  if (stopping) {
    stopping = false;
    return stop('SIGTERM');
  }
  await app.listen(config.port, config.host);
  listening = true;
  // The demo's simulated servers call this very API, so they start once it listens.
  const ownHost = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  app
    .get(DemoService)
    .startSimulation(`http://${ownHost.includes(':') ? `[${ownHost}]` : ownHost}:${config.port}`);
  logger.log(`Outpost listening on http://localhost:${config.port}`);
};

start().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Outpost failed to start:', error);
  process.exit(1);
});
