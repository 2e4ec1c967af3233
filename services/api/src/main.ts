import type { Server } from 'node:http';
import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from './core/config';
import { Draining, drainHttp } from './core/http';
import { createApp } from './create-app';
import { DemoService } from './modules/demo/demo.service';

const start = async (): Promise<void> => {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  const logger = new Logger('Outpost');
  // SIGTERM/SIGINT: stop taking connections, let the requests in flight finish (a heartbeat that
  // arrived just before must get its answer, not a reset), then run the shutdown hooks (the
  // simulation stops, the ORM closes its pool) and exit 0, so an orchestrator sees a clean stop.
  // Nest's own shutdown hooks would close the database before the last answers were written.
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: finishing the requests in flight`);
    try {
      await drainHttp(app.getHttpServer() as Server, app.get(Draining));
      await app.close();
      process.exit(0);
    } catch (error) {
      logger.error('Shutdown failed', error instanceof Error ? error.stack : String(error));
      process.exit(1);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, (s) => void stop(s));
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
