// Leadership among instances, each a Leadership of its own: over a redis-server the suite starts,
// over a PostgreSQL advisory lock (DATABASE_URL), and alone on SQLite. Timings are shortened (a
// lease of 1.5 s, tries every 0.3 s); the product's are 15 s and 5 s.
import { knex } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { redisServerBinary, startRedis, type RedisServer } from '../../../test/support/processes';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { loadConfig } from '../config';
import { Draining } from '../http/graceful-shutdown';
import { Leadership, type LeadershipTiming } from './leadership';
import { LEADER_KEY } from './leadership-lease';
import { RedisLeases } from './leadership-leases';
import { RedisLink } from './redis-link';

const TIMING: LeadershipTiming = { leaseMs: 1_500, retryMs: 300 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const until = async (condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
};

/** An instance: its Leadership and a job counting its runs there. */
type Member = { leadership: Leadership; runs: () => number; link: RedisLink; stop: () => Promise<void> };

const member = async (env: Record<string, string>): Promise<Member> => {
  const config = loadConfig(env);
  const link = new RedisLink(config);
  const draining = new Draining();
  const leadership = new Leadership(config, link, draining, TIMING);
  let runs = 0;
  leadership.whileLeader(
    'count',
    100,
    async () => {
      runs += 1;
    },
    { atStart: true },
  );
  await leadership.onModuleInit();
  return {
    leadership,
    runs: () => runs,
    link,
    stop: async () => {
      await leadership.beforeApplicationShutdown();
      await link.onApplicationShutdown();
    },
  };
};

const leaders = (members: Member[]) => members.filter((m) => m.leadership.isLeader);

beforeAll(() => {
  // The step-down and take-over lines are the point here, not noise in the output.
  Logger.overrideLogger(false);
});

describe('Leadership alone on SQLite', () => {
  it('leads from the start and runs its jobs', async () => {
    const alone = await member({});
    try {
      expect(alone.leadership.isLeader).toBe(true);
      expect(alone.leadership.kind).toBe('the only instance (SQLite)');
      await until(() => alone.runs() >= 2, 'two runs');
    } finally {
      await alone.stop();
    }
  });
});

const withRedis = redisServerBinary() ? describe : describe.skip;

withRedis('Leadership over Redis', () => {
  let redis: RedisServer;
  let probe: Redis;
  let members: Member[] = [];
  const join = async () => {
    const added = await member({ REDIS_URL: redis.url });
    members.push(added);
    await until(() => added.link.state === 'up', 'Redis up');
    return added;
  };

  beforeAll(async () => {
    redis = await startRedis();
    probe = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    probe.on('error', () => undefined);
  });
  afterEach(async () => {
    await Promise.all(members.map((m) => m.stop()));
    members = [];
    await probe.del(LEADER_KEY);
  });
  afterAll(async () => {
    probe.disconnect();
    await redis.stop();
  });

  it('makes one of two instances the leader, names it in the lease, and runs the job there only', async () => {
    const [a, b] = [await join(), await join()];
    await until(() => leaders([a, b]).length === 1, 'a leader');
    const [leader] = leaders([a, b]);
    const other = leader === a ? b : a;
    expect(await probe.get(LEADER_KEY)).toBe(`${leader.link.instanceId}#${leader.leadership.token}`);
    await sleep(1_000);
    expect(leaders([a, b])).toEqual([leader]);
    expect(leader.runs()).toBeGreaterThanOrEqual(5);
    expect(other.runs()).toBe(0);
  });

  it('hands over at once when the leader shuts down (SIGTERM): the others are nudged', async () => {
    const [a, b] = [await join(), await join()];
    await until(() => leaders([a, b]).length === 1, 'a leader');
    const [leader] = leaders([a, b]);
    const other = leader === a ? b : a;
    const started = Date.now();
    await leader.stop();
    members = members.filter((m) => m !== leader);
    await until(() => other.leadership.isLeader, 'the other leading', 2_000);
    // Well before a retry would have found the lease free (0.3 s here, 5 s in the product).
    expect(Date.now() - started).toBeLessThan(TIMING.retryMs);
  });

  it('steps down at once when its lease was taken, and stops its job; a dead leader is replaced', async () => {
    const [a, b] = [await join(), await join()];
    await until(() => leaders([a, b]).length === 1, 'a leader');
    const before = leaders([a, b])[0].leadership.token ?? 0;
    // Someone else holds the key now (the lease ran out while the leader stalled, say).
    await probe.set(LEADER_KEY, 'elsewhere#999', 'PX', 1_000);
    await until(() => leaders([a, b]).length === 0, 'the leader stepping down', 2_000);
    const counted = a.runs() + b.runs();
    await sleep(300);
    expect(a.runs() + b.runs()).toBe(counted);
    // The stranger never renews: its lease runs out and one of the two leads again.
    await until(() => leaders([a, b]).length === 1, 'a new leader', 3_000);
    expect(leaders([a, b])[0].leadership.token).toBeGreaterThan(before);
  });

  it('steps down when it cannot renew before its lease runs out (Redis stalled), and leads again after', async () => {
    const [a, b] = [await join(), await join()];
    await until(() => leaders([a, b]).length === 1, 'a leader');
    const [leader] = leaders([a, b]);
    const stalled = Date.now();
    // Every command waits 2.5 s: the renewals time out (1 s), the lease (1.5 s) is not trusted past its end.
    await probe.client('PAUSE', 2_500, 'ALL');
    await until(() => !leader.leadership.isLeader, 'stepping down', 3_000);
    expect(Date.now() - stalled).toBeLessThan(TIMING.leaseMs + 300);
    expect(leaders([a, b])).toEqual([]);
    await until(() => leaders([a, b]).length === 1, 'a leader again', 8_000);
  });

  it('has no leader while Redis is down, and one again once it is back', async () => {
    const [a, b] = [await join(), await join()];
    await until(() => leaders([a, b]).length === 1, 'a leader');
    await redis.kill();
    await until(() => leaders([a, b]).length === 0, 'no leader', 3_000);
    await sleep(500);
    expect(leaders([a, b])).toEqual([]);
    await redis.restart();
    await until(() => leaders([a, b]).length === 1, 'a leader again', 8_000);
  });

  it('gives each lease a fencing token above the one before and above the floor asked for', async () => {
    const link = new RedisLink(loadConfig({ REDIS_URL: redis.url }));
    try {
      await until(() => link.state === 'up', 'Redis up');
      const leases = new RedisLeases(link, 200);
      const first = await leases.take('outpost:test:fence', 41);
      expect(first?.token).toBe(42);
      // Held: taking it again keeps it, with its token.
      expect((await leases.take('outpost:test:fence'))?.token).toBe(42);
      await probe.set('outpost:test:fence', 'elsewhere#1', 'PX', 100);
      expect(await leases.take('outpost:test:fence')).toBeNull();
      await sleep(150);
      expect((await leases.take('outpost:test:fence'))?.token).toBe(43);
    } finally {
      await link.onApplicationShutdown();
    }
  });
});

const onPostgres = process.env.DATABASE_URL?.startsWith('postgres') ? describe : describe.skip;

onPostgres('Leadership over a PostgreSQL advisory lock (no Redis)', () => {
  let database: TestDatabase;
  let members: Member[] = [];
  const join = async () => {
    const added = await member(database.env);
    members.push(added);
    return added;
  };
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(members.map((m) => m.stop()));
    members = [];
  });
  afterAll(() => database.drop());

  it('makes one of two instances the leader and runs the job there only', async () => {
    const [a, b] = [await join(), await join()];
    await until(() => leaders([a, b]).length === 1, 'a leader');
    const [leader] = leaders([a, b]);
    expect(leader.leadership.kind).toBe('PostgreSQL advisory lock');
    await sleep(1_000);
    expect(leaders([a, b])).toEqual([leader]);
    expect((leader === a ? b : a).runs()).toBe(0);
  });

  it('hands over at once on shutdown (NOTIFY), and within a retry when the leader dies', async () => {
    const [a, b, c] = [await join(), await join(), await join()];
    await until(() => leaders([a, b, c]).length === 1, 'a leader');
    const [first] = leaders([a, b, c]);
    const started = Date.now();
    await first.stop();
    members = members.filter((m) => m !== first);
    await until(() => leaders(members).length === 1, 'a second leader', 2_000);
    expect(Date.now() - started).toBeLessThan(TIMING.retryMs);

    // Its session killed (the process died, the connection broke): the lock goes with it.
    const [second] = leaders(members);
    const db = knex({ client: 'pg', connection: database.env.DATABASE_URL });
    try {
      await db.raw('select pg_terminate_backend(?)', [second.leadership.token]);
    } finally {
      await db.destroy();
    }
    await until(() => !second.leadership.isLeader, 'the killed session stepping down', 2_000);
    // The other one, or the same with a new session, at its next try.
    await until(() => leaders(members).length === 1, 'a leader again', 3_000);
  });
});
