// RedisLiveBus over a redis-server of its own: two buses with two links are two instances.
import { Logger } from '@nestjs/common';
import type { LiveEvent } from '@outpost/contracts';
import { redisServerBinary, startRedis, type RedisServer } from '../../../test/support/processes';
import { appendWhileBlocked } from '../../../test/support/redis-stream';
import { RedisLink } from '../cluster';
import { loadConfig } from '../config';
import type { LiveMessage } from './live-bus';
import { LIVE_STREAM_KEY, RedisLiveBus } from './redis-live-bus';

const until = async (condition: () => boolean, what: string, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/** A status event telling its publisher and number apart (in playerCount and serverId). */
const status = (networkId: string, from: string, n: number): LiveEvent => ({
  type: 'server.status',
  networkId,
  serverId: `${from}-${n}`,
  status: 'online',
  playerCount: n,
  maxPlayers: 100,
  at: new Date().toISOString(),
});

type Instance = { link: RedisLink; bus: RedisLiveBus; got: LiveMessage[] };

const STREAM_ID = /^\d+-\d+$/;
const servers = (messages: LiveMessage[]) =>
  messages.map(({ event }) => (event as Extract<LiveEvent, { type: 'server.status' }>).serverId);

const withRedis = redisServerBinary() ? describe : describe.skip;

withRedis('RedisLiveBus', () => {
  let redis: RedisServer;
  let a: Instance;
  let b: Instance;
  const instances: Instance[] = [];
  const unsubscribes: (() => void)[] = [];

  /**
   * An instance with a subscriber to n1 (collecting into `got`); the replay kept is `replaySize`.
   * Its reader is started unless `started` is false (the app's start-up does it then).
   */
  const instance = (replaySize?: number, started = true): Instance => {
    const link = new RedisLink(loadConfig({ REDIS_URL: redis.url }));
    const bus = new RedisLiveBus(link, replaySize);
    const got: LiveMessage[] = [];
    unsubscribes.push(bus.subscribe('n1', (message) => got.push(message)));
    if (started) bus.start();
    const made = { link, bus, got };
    instances.push(made);
    return made;
  };
  const allReading = () =>
    until(
      () => instances.every(({ link, bus }) => link.state === 'up' && bus.reading),
      'both up and reading',
    );

  beforeAll(async () => {
    // RedisLink's loss and recovery lines are its own spec's subject; here they are noise.
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    redis = await startRedis();
    a = instance();
    b = instance();
    await allReading();
  });
  afterAll(async () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
    for (const { bus, link } of instances) {
      bus.stop();
      await link.onApplicationShutdown();
    }
    await redis?.stop();
  });
  beforeEach(() => {
    a.got.length = 0;
    b.got.length = 0;
  });

  it("delivers both instances' events to both, once each, in one order, with stream ids", async () => {
    for (let n = 0; n < 20; n += 1) (n % 2 ? b : a).bus.publish(status('n1', n % 2 ? 'b' : 'a', n));
    await until(() => a.got.length >= 20 && b.got.length >= 20, '20 messages on each');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(a.got).toHaveLength(20);
    expect(b.got.map(({ id }) => id)).toEqual(a.got.map(({ id }) => id));
    expect(a.got.every(({ id }) => STREAM_ID.test(id))).toBe(true);
    // Each publisher's own events keep their order.
    expect(servers(a.got).filter((s) => s.startsWith('a'))).toEqual(
      Array.from({ length: 10 }, (_, i) => `a-${2 * i}`),
    );
    expect(servers(a.got).filter((s) => s.startsWith('b'))).toEqual(
      Array.from({ length: 10 }, (_, i) => `b-${2 * i + 1}`),
    );
  });

  it('waits out a quiet spell without telling its streams to read everything again', async () => {
    const gaps: string[] = [];
    const stops = [a, b].map(({ bus }, i) => bus.onGap(() => gaps.push(i === 0 ? 'a' : 'b')));
    try {
      // Longer than a command may take on the command connection (a second).
      await new Promise((resolve) => setTimeout(resolve, 1_600));
      a.bus.publish(status('n1', 'a', 1));
      await until(() => a.got.length >= 1 && b.got.length >= 1, 'the event after the quiet spell');
      expect(gaps).toEqual([]);
    } finally {
      for (const stop of stops) stop();
    }
  });

  it('lets the app take requests only once its reader reads, its first read not failing', async () => {
    const late = instance(undefined, false);
    await late.bus.onModuleInit();
    expect(late.bus.reading).toBe(true);
    // Reading before its connection was up, it failed once and waited before reading again.
    expect(late.bus.failedReads).toBe(0);
    a.bus.publish(status('n1', 'a', 1));
    await until(
      () => [a, b, late].every(({ got }) => got.length >= 1),
      "a's event on every instance, the one just started included",
    );
    expect(servers(late.got)).toEqual(['a-1']);
  });

  it('hands a network only its own events', async () => {
    a.bus.publish(status('n2', 'a', 1));
    a.bus.publish(status('n1', 'a', 2));
    // On both, so that neither delivers it after the next test began.
    await until(() => a.got.length >= 1 && b.got.length >= 1, 'the n1 event');
    expect(servers(a.got)).toEqual(['a-2']);
    expect(servers(b.got)).toEqual(['a-2']);
  });

  it("reads an entry that does not name its network (an older instance's append) from its event", async () => {
    const redis = a.link.commands();
    if (!redis) throw new Error('Redis is not up');
    const first = await redis.xadd(
      LIVE_STREAM_KEY,
      '*',
      'e',
      JSON.stringify(status('n2', 'old', 1)),
      'o',
      'old/1',
    );
    await redis.xadd(LIVE_STREAM_KEY, '*', 'e', JSON.stringify(status('n1', 'old', 2)), 'o', 'old/2');
    await until(() => a.got.length >= 1 && b.got.length >= 1, 'the n1 event');
    expect(servers(a.got)).toEqual(['old-2']);
    expect(servers(b.got)).toEqual(['old-2']);
    const resumed = await b.bus.since(first as string, new Set(['n1']));
    expect(resumed && servers(resumed)).toEqual(['old-2']);
  });

  it('answers on either instance what followed an id, for the networks asked, and null for ids it cannot tell', async () => {
    for (let n = 0; n < 6; n += 1) a.bus.publish(status(n % 3 === 2 ? 'n2' : 'n1', 'a', n));
    await until(() => a.got.length >= 4 && b.got.length >= 4, 'the n1 events');
    const seen = a.got[0].id;
    for (const { bus } of [a, b]) {
      expect(servers((await bus.since(seen, new Set(['n1']))) ?? [])).toEqual(['a-1', 'a-3', 'a-4']);
      expect(servers((await bus.since(seen, new Set(['n1', 'n2']))) ?? [])).toEqual([
        'a-1',
        'a-2',
        'a-3',
        'a-4',
        'a-5',
      ]);
      expect(await bus.since(a.got[3].id, new Set(['n1']))).toEqual([]);
      // Never in the stream, of another form, of the in-process bus's form.
      expect(await bus.since('1-0', new Set(['n1']))).toBeNull();
      expect(await bus.since('1e309', new Set(['n1']))).toBeNull();
      expect(await bus.since('mh2x1k-42', new Set(['n1']))).toBeNull();
    }
  });

  it('keeps the latest events for resuming: an id that fell out of the stream answers null', async () => {
    const small = instance(50);
    await allReading();
    // In batches the reader keeps up with: entries trimmed before it read them are not delivered.
    for (let n = 0; n < 400; n += 1) {
      small.bus.publish(status('n1', 's', n));
      if (n % 25 === 24) await until(() => small.got.length > n, `${n + 1} messages`);
    }
    const first = small.got[0].id;
    const recent = small.got[390].id;
    expect(await small.bus.since(first, new Set(['n1']))).toBeNull();
    expect(servers((await a.bus.since(recent, new Set(['n1']))) ?? [])).toEqual(
      Array.from({ length: 9 }, (_, i) => `s-${391 + i}`),
    );
    // The other instances had these too: the next test begins once they have all come.
    await until(
      () => [a, b].every(({ got }) => servers(got).at(-1) === 's-399'),
      'the last entry on the other instances',
      20_000,
    );
  });

  describe('a reader that falls behind (its event loop blocked)', () => {
    const gaps: string[] = [];
    const stops: (() => void)[] = [];
    beforeAll(() => {
      for (const [name, { bus }] of [
        ['a', a],
        ['b', b],
      ] as const)
        stops.push(bus.onGap(() => gaps.push(name)));
    });
    afterAll(() => stops.forEach((stop) => stop()));
    beforeEach(() => {
      gaps.length = 0;
    });

    it('reads on, missing nothing and saying nothing, when all it missed is still kept', async () => {
      appendWhileBlocked(redis.url, { networkId: 'n1', count: 3_000, keep: 5_000 });
      await until(() => a.got.length >= 3_000 && b.got.length >= 3_000, 'the 3,000 entries on each', 20_000);
      for (const { got } of [a, b])
        expect(servers(got)).toEqual(Array.from({ length: 3_000 }, (_, n) => `other-${n}`));
      expect(gaps).toEqual([]);
    });

    it('tells its streams to read everything again when entries it had not read were trimmed', async () => {
      appendWhileBlocked(redis.url, { networkId: 'n1', count: 7_000, keep: 5_000 });
      await until(
        () => [a, b].every(({ got }) => servers(got).at(-1) === 'other-6999'),
        'the last entry on each',
        20_000,
      );
      expect([...gaps].sort()).toEqual(['a', 'b']);
      // What was trimmed before they read it never came; what was kept came in order.
      for (const { got } of [a, b]) {
        expect(got.length).toBeLessThan(7_000);
        const numbers = servers(got).map((server) => Number(server.slice('other-'.length)));
        expect(numbers.every((n, i) => i === 0 || n > numbers[i - 1])).toBe(true);
        expect(numbers.slice(-5_000)).toEqual(Array.from({ length: 5_000 }, (_, i) => 2_000 + i));
      }
      expect(a.bus.failedReads + b.bus.failedReads).toBe(0);
    });
  });

  describe('when Redis goes away and comes back', () => {
    let before: string;
    let localId: string;
    /** An instance that started while Redis was away, and when its streams were told to refetch. */
    let lateStart: { late: Instance; gaps: number[] } | undefined;

    it('delivers each instance its own events meanwhile, with ids of its own', async () => {
      a.bus.publish(status('n1', 'a', 1));
      await until(() => b.got.length >= 1, 'a shared event');
      before = b.got[0].id;
      b.got.length = 0;
      a.got.length = 0;
      await redis.kill();
      await until(() => instances.every(({ link }) => link.state === 'degraded'), 'all degraded');
      a.bus.publish(status('n1', 'a', 2));
      b.bus.publish(status('n1', 'b', 3));
      await until(() => a.got.length >= 1 && b.got.length >= 1, 'local deliveries');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(servers(a.got)).toEqual(['a-2']);
      expect(servers(b.got)).toEqual(['b-3']);
      localId = a.got[0].id;
      expect(localId).toMatch(/^l[0-9a-z]+-\d+$/);
    });

    it('starts without Redis after a short wait, and tells its streams to read everything again once it reads', async () => {
      const started = Date.now();
      const late = instance(undefined, false);
      await late.bus.onModuleInit();
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
      expect(late.bus.reading).toBe(false);
      const gaps: number[] = [];
      unsubscribes.push(late.bus.onGap(() => gaps.push(Date.now())));
      lateStart = { late, gaps };
    });

    it('resumes a local id where it was given, and tells a client it cannot resume the rest', async () => {
      a.bus.publish(status('n1', 'a', 4));
      await until(() => a.got.length >= 1, 'another local delivery');
      expect(servers((await a.bus.since(localId, new Set(['n1']))) ?? [])).toEqual(['a-4']);
      expect(await b.bus.since(localId, new Set(['n1']))).toBeNull();
      expect(await a.bus.since(before, new Set(['n1']))).toBeNull();
    });

    it('shares events again once Redis is back, by itself', async () => {
      const gaps: string[] = [];
      for (const [name, { bus }] of [
        ['a', a],
        ['b', b],
      ] as const)
        unsubscribes.push(bus.onGap(() => gaps.push(name)));
      await redis.restart();
      await until(() => instances.every(({ link }) => link.state === 'up'), 'all up again');
      a.got.length = 0;
      b.got.length = 0;
      // The readers may take a moment to read again: publish until a's event is seen on b.
      await until(
        () => {
          if (b.got.some(({ id }) => STREAM_ID.test(id))) return true;
          a.bus.publish(status('n1', 'a', 5));
          return false;
        },
        'a shared event after the restart',
        15_000,
      );
      b.bus.publish(status('n1', 'b', 6));
      await until(
        () => a.got.some(({ event }) => (event as { serverId: string }).serverId === 'b-6'),
        "b's event on a",
      );
      // Each instance says once that its streams may have missed the other's events meanwhile.
      expect([...gaps].sort()).toEqual(['a', 'b']);
      // And so does the one that started without Redis, once it first reads.
      await until(() => lateStart?.late.bus.reading === true, 'the late instance reading');
      expect(lateStart?.gaps).toHaveLength(1);
      const shared = a.got.filter(({ id }) => STREAM_ID.test(id));
      expect(servers(shared).at(-1)).toBe('b-6');
      // Local ids from before do not resume now that the stream delivered after them.
      expect(await a.bus.since(localId, new Set(['n1']))).toBeNull();
      // Stream ids from now on resume again, on either instance.
      const from = shared[0].id;
      for (const { bus } of [a, b])
        expect(servers((await bus.since(from, new Set(['n1']))) ?? []).at(-1)).toBe('b-6');
    });
  });
});
