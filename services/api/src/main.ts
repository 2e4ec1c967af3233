import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from './core/config';
import { createApp } from './create-app';
import { DemoService } from './modules/demo/demo.service';

const start = async (): Promise<void> => {
  const config = loadConfig();
  const app = await createApp(config);
  // SIGTERM/SIGINT: stop taking requests, run the shutdown hooks (the ORM closes its pool),
  // then exit 0, so an orchestrator sees a clean stop.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
  await app.listen(config.port, config.host);
  // The demo's simulated servers call this very API, so they start once it listens.
  const ownHost = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  app
    .get(DemoService)
    .startSimulation(`http://${ownHost.includes(':') ? `[${ownHost}]` : ownHost}:${config.port}`);
  new Logger('Outpost').log(`Outpost listening on http://localhost:${config.port}`);
};

start().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Outpost failed to start:', error);
  process.exit(1);
});
