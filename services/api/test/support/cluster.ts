// Several built instances on one PostgreSQL database, sharing a redis-server the suite starts
// itself: the set-up of a panel behind a load balancer. Runs where the API suites run on
// PostgreSQL (CI's second pass) and redis-server is installed; skipped elsewhere.
import { createTestDatabase, type TestDatabase } from './test-database';
import { redisServerBinary, startInstance, startRedis, type Instance, type RedisServer } from './processes';

/** Why the multi-instance suites cannot run here, or null when they can. */
export const clusterUnavailable = (): string | null => {
  if (!process.env.DATABASE_URL) return 'they need PostgreSQL (DATABASE_URL), as in .ci/run';
  if (!redisServerBinary()) return 'redis-server is not installed (apt-get install redis-server)';
  return null;
};

/** `describe` where a cluster can run, else `describe.skip` with the reason printed once. */
export const describeCluster = (name: string, body: () => void): void => {
  const why = clusterUnavailable();
  if (why) {
    console.info(`${name}: skipped, ${why}`);
    describe.skip(name, body);
  } else describe(name, body);
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds, looking every 100 ms; fails naming `what` after `timeoutMs`. */
export const waitFor = async (
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
};

export const alive = (instance: Instance): boolean =>
  instance.child.exitCode === null && instance.child.signalCode === null;

/** Whether this instance leads now: its last leadership line says so. */
export const leads = (instance: Instance): boolean => {
  const output = instance.output();
  return output.lastIndexOf('This instance leads now') > output.lastIndexOf('This instance stepped down');
};

export type Cluster = {
  database: TestDatabase;
  redis: RedisServer | null;
  instances: Instance[];
  /** The variables every instance of this cluster shares (database, secrets, Redis). */
  env: Record<string, string>;
  /** Starts one more instance of the cluster (a replacement, say). */
  add: (extra?: Record<string, string>) => Promise<Instance>;
  stop: () => Promise<void>;
};

/**
 * `count` instances on one fresh PostgreSQL database, with the same JWT_SECRET and SECRETS_KEY,
 * and (unless `redis: false`) one redis-server of their own. Instances start one after the other,
 * so the first one migrates the database.
 */
export const startCluster = async (
  options: { count?: number; redis?: boolean; env?: Record<string, string> } = {},
): Promise<Cluster> => {
  const database = await createTestDatabase();
  const redis = options.redis === false ? null : await startRedis();
  const env: Record<string, string> = {
    ...database.env,
    JWT_SECRET: 'cluster-suite-jwt-secret-of-32-characters-or-more',
    SECRETS_KEY: 'a'.repeat(64),
    DEMO: 'false',
    ...(redis ? { REDIS_URL: redis.url } : {}),
    ...options.env,
  };
  const instances: Instance[] = [];
  const add = async (extra: Record<string, string> = {}) => {
    const instance = await startInstance({ ...env, ...extra });
    instances.push(instance);
    return instance;
  };
  const stop = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await redis?.stop();
    await database.drop();
  };
  try {
    for (let i = 0; i < (options.count ?? 2); i += 1) await add();
  } catch (error) {
    await stop();
    throw error;
  }
  return { database, redis, instances, env, add, stop };
};
