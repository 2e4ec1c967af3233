import { rmSync } from 'node:fs';
import { startServer } from './server';

export default async function globalSetup() {
  const dataDir = process.env.E2E_DATA_DIR as string;
  const server = await startServer({ port: process.env.E2E_PORT as string, dataDir });
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
