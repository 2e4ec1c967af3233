// RateLimiter over a redis-server of its own: two limiters with two links are two instances.
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { freePort, redisServerBinary, startRedis, type RedisServer } from '../../../test/support/processes';
import { RedisLink } from '../cluster';
import { loadConfig } from '../config';
import { DomainError } from '../http/domain-error';
import { RateLimiter, type RateLimit } from './rate-limiter';
import { MAX_AHEAD, SHARED_FLUSH_MS } from './shared-windows';

const rule = (name: string, limit = 3, windowSeconds = 60): RateLimit => ({
  name,
  limit,
  windowSeconds,
  refuse: (options) => new DomainError('RATE_LIMITED', `Too many ${name}`, options),
});

/** The refusal a hit ended in, or null when it was let through. */
const refusalOf = async (limiter: RateLimiter, limit: RateLimit, key: string): Promise<DomainError | null> =>
  limiter.hit(limit, key).then(
    () => null,
    (error: unknown) => {
      if (error instanceof DomainError) return error;
      throw error;
    },
  );

/** `count`'s outcome: the refusal, or null when let through (at once or after Redis answered). */
const countedBy = async (
  limiter: RateLimiter,
  limit: RateLimit,
  key: string,
): Promise<DomainError | null> => {
  try {
    await limiter.count(limit, key);
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const until = async (condition: () => boolean, what: string, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('RateLimiter without REDIS_URL', () => {
  const link = new RedisLink(loadConfig({}));
  const limiter = new RateLimiter(link);

  it('counts here, answering at once: the caller awaits nothing below the limit', () => {
    const limit = rule('alone', 2, 30);
    expect(limiter.count(limit, 'Key')).toBeUndefined();
    expect(limiter.count(limit, 'key')).toBeUndefined();
    expect(() => limiter.count(limit, 'KEY')).toThrow(
      expect.objectContaining({ code: 'RATE_LIMITED', message: 'Too many alone', retryAfterSeconds: 30 }),
    );
    expect(limiter.count(limit, 'other')).toBeUndefined();
  });

  it("keeps rules apart: one rule's hits do not count for another on the same key", async () => {
    await limiter.hit(rule('first', 1), 'k');
    expect(await refusalOf(limiter, rule('second', 1), 'k')).toBeNull();
    expect(await refusalOf(limiter, rule('first', 1), 'k')).toMatchObject({ code: 'RATE_LIMITED' });
  });
});

const withRedis = redisServerBinary() ? describe : describe.skip;

withRedis('RateLimiter with REDIS_URL', () => {
  let redis: RedisServer;
  let links: RedisLink[];
  let a: RateLimiter;
  let b: RateLimiter;
  let peek: Redis;
  const allUp = () => links.every((link) => link.state === 'up');

  beforeAll(async () => {
    // RedisLink's loss and recovery lines are redis-link.spec.ts's subject; here they are noise.
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    redis = await startRedis();
    links = [
      new RedisLink(loadConfig({ REDIS_URL: redis.url })),
      new RedisLink(loadConfig({ REDIS_URL: redis.url })),
    ];
    [a, b] = links.map((link) => new RateLimiter(link));
    peek = new Redis(redis.url, { maxRetriesPerRequest: 0, retryStrategy: () => 200 });
    peek.on('error', () => undefined);
    await until(allUp, 'both links up');
  });
  afterAll(async () => {
    peek.disconnect();
    await Promise.all(links.map((link) => link.onApplicationShutdown()));
    await redis.stop();
    jest.restoreAllMocks();
  });

  it('counts the hits of both instances in one window, kept in Redis under outpost:limit:<rule>:<key>', async () => {
    const limit = rule('shared');
    await a.hit(limit, 'User-1');
    await b.hit(limit, 'user-1');
    await a.hit(limit, 'user-1');
    expect(await peek.get('outpost:limit:shared:user-1')).toBe('3');
    const ttl = await peek.pttl('outpost:limit:shared:user-1');
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await refusalOf(b, limit, 'user-1')).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many shared',
    });
    expect(await refusalOf(a, limit, 'user-1')).toMatchObject({ code: 'RATE_LIMITED' });
    // Another key has its own window.
    expect(await refusalOf(b, limit, 'user-2')).toBeNull();
  });

  it("answers Retry-After from the window's time left in Redis, rounded up", async () => {
    const limit = rule('retry', 1);
    await a.hit(limit, 'k');
    await peek.pexpire('outpost:limit:retry:k', 42_100);
    expect(await refusalOf(b, limit, 'k')).toMatchObject({ retryAfterSeconds: 43 });
    // A window's last moments still say 1 s, never 0.
    await peek.pexpire('outpost:limit:retry:k', 300);
    expect(await refusalOf(a, limit, 'k')).toMatchObject({ retryAfterSeconds: 1 });
  });

  it('opens a new window when the last one ended', async () => {
    const limit = rule('short', 1, 1);
    await a.hit(limit, 'k');
    expect(await refusalOf(b, limit, 'k')).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await refusalOf(b, limit, 'k')).toBeNull();
  });

  it('gives a count found without an expiry one, so it cannot refuse for ever', async () => {
    await peek.set('outpost:limit:stuck:k', '7');
    expect(await refusalOf(a, rule('stuck', 3, 60), 'k')).toMatchObject({ retryAfterSeconds: 60 });
    expect(await peek.pttl('outpost:limit:stuck:k')).toBeGreaterThan(59_000);
  });

  it("admits a busy key's hits ahead within half its limit and counts them in Redis within a flush", async () => {
    const limit = rule('ahead', 10);
    // New here: counted in Redis before it is judged.
    const first = a.count(limit, 'k');
    expect(first).toBeInstanceOf(Promise);
    await first;
    expect(await peek.get('outpost:limit:ahead:k')).toBe('1');
    for (let n = 0; n < 3; n += 1) expect(a.count(limit, 'k')).toBeUndefined();
    expect(await peek.get('outpost:limit:ahead:k')).toBe('1');
    await sleep(SHARED_FLUSH_MS * 3);
    expect(await peek.get('outpost:limit:ahead:k')).toBe('4');
    // 4 counted, one more ahead reaches half of 10; the next is counted in Redis first, with it.
    expect(a.count(limit, 'k')).toBeUndefined();
    const exact = a.count(limit, 'k');
    expect(exact).toBeInstanceOf(Promise);
    await exact;
    expect(await peek.get('outpost:limit:ahead:k')).toBe('6');
  });

  it(`counts in Redis first after ${MAX_AHEAD} hits ahead, however far the limit`, async () => {
    const limit = rule('many', 1_000);
    await a.count(limit, 'k');
    for (let n = 0; n < MAX_AHEAD; n += 1) expect(a.count(limit, 'k')).toBeUndefined();
    const exact = a.count(limit, 'k');
    expect(exact).toBeInstanceOf(Promise);
    await exact;
    expect(await peek.get('outpost:limit:many:k')).toBe(String(MAX_AHEAD + 2));
  });

  it('lets both instances together through exactly the limit when hits come a flush apart', async () => {
    const limit = rule('together', 20);
    for (let n = 0; n < 20; n += 1) {
      expect(await countedBy(n % 2 ? b : a, limit, 'k')).toBeNull();
      await sleep(SHARED_FLUSH_MS + 10);
    }
    expect(await countedBy(b, limit, 'k')).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await countedBy(a, limit, 'k')).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await peek.get('outpost:limit:together:k')).toBe('22');
  });

  it('counts here, without throwing, when a Redis call fails under it', async () => {
    // A connection to nothing that never queues: each call fails at once, as on a lost Redis.
    const broken = new Redis(`redis://127.0.0.1:${await freePort()}`, {
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    broken.on('error', () => undefined);
    const limiter = new RateLimiter({ commands: () => broken } as unknown as RedisLink);
    const limit = rule('fallback', 2);
    expect(await refusalOf(limiter, limit, 'k')).toBeNull();
    expect(await refusalOf(limiter, limit, 'k')).toBeNull();
    expect(await refusalOf(limiter, limit, 'k')).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 60,
    });
    expect(await peek.exists('outpost:limit:fallback:k')).toBe(0);
    broken.disconnect();
  });

  it('counts on each instance alone while Redis is away, and in Redis again once it is back', async () => {
    const limit = rule('outage', 2);
    await redis.kill();
    await until(() => links.every((link) => link.state === 'degraded'), 'both links degraded');
    // Each instance counts its own hits, answering at once.
    expect(a.count(limit, 'k')).toBeUndefined();
    expect(a.count(limit, 'k')).toBeUndefined();
    expect(() => a.count(limit, 'k')).toThrow(expect.objectContaining({ code: 'RATE_LIMITED' }));
    expect(b.count(limit, 'k')).toBeUndefined();

    await redis.restart();
    await until(allUp, 'both links up again');
    const back = rule('back', 2);
    await a.hit(back, 'k');
    await b.hit(back, 'k');
    expect(await refusalOf(a, back, 'k')).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await peek.get('outpost:limit:back:k')).toBe('3');
  });
});
