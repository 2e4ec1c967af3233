// RedisCommandSignal over a redis-server of its own: two signals with two links are two instances.
import { Logger } from '@nestjs/common';
import { freePort, redisServerBinary, startRedis, type RedisServer } from '../../../test/support/processes';
import { RedisLink } from '../../core/cluster';
import { loadConfig } from '../../core/config';
import { RedisCommandSignal } from './command-signal';

const until = async (condition: () => boolean, what: string, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

const withRedis = redisServerBinary() ? describe : describe.skip;

withRedis('RedisCommandSignal', () => {
  let redis: RedisServer;
  let links: RedisLink[];
  let a: RedisCommandSignal;
  let b: RedisCommandSignal;
  /** Wake-ups each listener got, by name. */
  const woken = new Map<string, number>();
  const unsubscribes: (() => void)[] = [];
  const listen = (signal: RedisCommandSignal, serverId: string, name: string) => {
    woken.set(name, 0);
    unsubscribes.push(signal.subscribe(serverId, () => woken.set(name, (woken.get(name) ?? 0) + 1)));
  };
  /** Whether a wake-up published now reaches b (b's subscription is in place). */
  const crossing = async () => {
    listen(b, 'probe', 'probe');
    await until(() => {
      if ((woken.get('probe') ?? 0) > 0) return true;
      a.notify('probe');
      return false;
    }, 'a wake-up from a to b');
  };

  beforeAll(async () => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    redis = await startRedis();
    links = [0, 1].map(() => new RedisLink(loadConfig({ REDIS_URL: redis.url })));
    [a, b] = links.map((link) => new RedisCommandSignal(link));
    await Promise.all([a.start(), b.start()]);
    await until(() => links.every((link) => link.state === 'up'), 'both links up');
  });
  afterAll(async () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
    for (const link of links) await link.onApplicationShutdown();
    await redis?.stop();
  });

  it('is subscribed once started: the first wake-up from another instance reaches it', async () => {
    listen(b, 's0', 'b-s0');
    a.notify('s0');
    await until(() => woken.get('b-s0') === 1, 'the first wake-up on b');
  });

  it('starts without Redis after a short wait', async () => {
    const away = new RedisLink(loadConfig({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` }));
    try {
      const started = Date.now();
      await new RedisCommandSignal(away).start();
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    } finally {
      await away.onApplicationShutdown();
    }
  });

  it("wakes the server's listeners on the other instance, and on its own once, directly", async () => {
    listen(a, 's1', 'a-s1');
    listen(b, 's1', 'b-s1');
    listen(b, 's2', 'b-s2');
    a.notify('s1');
    // Its own listeners are called before notify returns: no round trip through Redis.
    expect(woken.get('a-s1')).toBe(1);
    await until(() => woken.get('b-s1') === 1, 'the wake-up on b');
    await settle();
    expect(Object.fromEntries(woken)).toMatchObject({ 'a-s1': 1, 'b-s1': 1, 'b-s2': 0 });
  });

  it('stops calling a listener once it unsubscribed', async () => {
    const stop = b.subscribe('s3', () => woken.set('b-s3', (woken.get('b-s3') ?? 0) + 1));
    stop();
    a.notify('s3');
    await settle();
    expect(woken.get('b-s3')).toBeUndefined();
  });

  it('keeps waking its own listeners while Redis is away, and wakes across again once it is back', async () => {
    listen(a, 's4', 'a-s4');
    listen(b, 's4', 'b-s4');
    await redis.kill();
    await until(() => links.every((link) => link.state === 'degraded'), 'both degraded');
    a.notify('s4');
    expect(woken.get('a-s4')).toBe(1);
    await settle();
    expect(woken.get('b-s4')).toBe(0);

    await redis.restart();
    await until(() => links.every((link) => link.state === 'up'), 'both up again');
    woken.delete('probe');
    await crossing();
    b.notify('s4');
    await until(() => woken.get('a-s4') === 2, "b's wake-up on a");
    expect(woken.get('b-s4')).toBe(1);
  });
});
