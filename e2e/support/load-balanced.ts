import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nginxBinary, startNginx, type RunningNginx } from './nginx';
import { freshPostgres } from './postgres';
import { redisServerBinary, startRedis, type RunningRedis } from './redis';
import { freePort, startServer, type RunningServer } from './server';

// The production set-up of the README on one machine: two built instances on one PostgreSQL
// database, sharing a redis-server, behind nginx configured by deploy/nginx. Several instances
// need PostgreSQL (SQLite is one process's file: its leadership and migrations assume one
// writer), so where none answers the spec is skipped and says why.

export type LoadBalanced = {
  /** nginx's address: what people open. */
  url: string;
  /**
   * nginx at this machine's own (non-loopback) address, or null when it has none: a client there
   * is not loopback, so the instances see it only through nginx's X-Forwarded-For.
   */
  outsideUrl: string | null;
  /** Each instance at its own address, as nginx reaches it. */
  instances: RunningServer[];
  /** The database the instances share (operator commands run against it). */
  databaseUrl: string;
  /** Stops instance `index` (SIGTERM, as systemctl restart does) and starts it again on its port. */
  restart: (index: number) => Promise<void>;
  stop: () => Promise<void>;
};

/** This machine's first IPv4 address that is not loopback, or null. */
const ownAddress = (): string | null =>
  Object.values(os.networkInterfaces())
    .flat()
    .find((address) => address?.family === 'IPv4' && !address.internal)?.address ?? null;

/** Why two instances behind nginx cannot run here, or null when they can. */
export const loadBalancedUnavailable = (): string | null => {
  if (!nginxBinary()) return 'nginx is not installed (apt-get install nginx; .ci/run does)';
  if (!redisServerBinary())
    return 'redis-server is not installed (apt-get install redis-server; .ci/run does)';
  return null;
};

/**
 * Starts everything, the instances one after the other (the first migrates the database); stops
 * what it started if a step fails. Answers null when PostgreSQL does not answer at
 * DATABASE_URL (or 127.0.0.1:5432).
 */
export async function startLoadBalanced(env: Record<string, string> = {}): Promise<LoadBalanced | null> {
  const mailUrl = process.env.E2E_MAIL_URL;
  if (!mailUrl) throw new Error('E2E_MAIL_URL is not set: run the suite through global-setup.ts');
  const database = await freshPostgres();
  if (!database) return null;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'outpost-e2e-lb-'));
  const instances: RunningServer[] = [];
  let redis: RunningRedis | undefined;
  let nginx: RunningNginx | undefined;
  const stop = async () => {
    await nginx?.stop();
    for (const instance of instances) await instance.stop();
    await redis?.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const port = await freePort();
    const url = `http://localhost:${port}`;
    redis = await startRedis(Number(await freePort()));
    const shared = {
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      TRUST_PROXY: 'loopback',
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      JWT_SECRET: 'e2e-load-balanced-jwt-secret-of-32-characters',
      SECRETS_KEY: 'b'.repeat(64),
      DEMO: 'false',
      SIGN_IN_LIMIT_PER_IP: '100000',
      MAIL_URL: mailUrl,
      ...env,
    };
    // A folder each, as on two machines: only the database and Redis are shared.
    const options = [
      { port: await freePort(), dataDir: path.join(dataDir, 'a'), env: shared },
      { port: await freePort(), dataDir: path.join(dataDir, 'b'), env: shared },
    ];
    for (const option of options) instances.push(await startServer(option));
    const outside = ownAddress();
    nginx = await startNginx({
      port,
      addresses: options.map((option) => `127.0.0.1:${option.port}`),
      alsoOn: outside ? [outside] : [],
    });
    const restart = async (index: number) => {
      await instances[index].stop();
      instances[index] = await startServer(options[index]);
    };
    return {
      url,
      outsideUrl: outside ? `http://${outside}:${port}` : null,
      instances,
      databaseUrl: database.url,
      restart,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
