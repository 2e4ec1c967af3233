// RedisLink against a redis-server of its own: the states it goes through, what it logs, and
// that nothing waits on a Redis that is away.
import { Logger } from '@nestjs/common';
import { freePort, redisServerBinary, startRedis, type RedisServer } from '../../../test/support/processes';
import { loadConfig } from '../config';
import { RedisLink, type RedisState } from './redis-link';

const until = async (condition: () => boolean, what: string, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('RedisLink without REDIS_URL', () => {
  it('is off: no connection, commands() null, nothing logged', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const link = new RedisLink(loadConfig({}));
    expect(link.state).toBe('off');
    expect(link.configured).toBe(false);
    expect(link.commands()).toBeNull();
    expect(() => link.dedicated()).toThrow('REDIS_URL is not set');
    await link.onApplicationShutdown();
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

const withRedis = redisServerBinary() ? describe : describe.skip;

withRedis('RedisLink with REDIS_URL', () => {
  let warn: jest.SpyInstance;
  let log: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  describe('when Redis goes away and comes back', () => {
    let redis: RedisServer;
    let link: RedisLink;
    beforeAll(async () => {
      redis = await startRedis();
    });
    afterAll(async () => {
      await link?.onApplicationShutdown();
      await redis.stop();
    });

    it('goes up, degraded, up again; logs one line each way; commands() is null while away', async () => {
      link = new RedisLink(loadConfig({ REDIS_URL: redis.url }));
      expect(link.configured).toBe(true);
      await until(() => link.state === 'up', 'up');
      expect(await link.commands()?.ping()).toBe('PONG');
      const seen: RedisState[] = [];
      link.onState((state) => seen.push(state));

      await redis.kill();
      await until(() => link.state === 'degraded', 'degraded');
      expect(link.commands()).toBeNull();
      // Reconnecting goes on (every 200 ms to 2 s) and fails each time: still the one line.
      await sleep(2_500);
      expect(link.state).toBe('degraded');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0][0]).toMatch(new RegExp(`^Lost redis://127\\.0\\.0\\.1:${redis.port} \\(`));
      expect(log).not.toHaveBeenCalled();

      await redis.restart();
      await until(() => link.state === 'up', 'up again');
      expect(await link.commands()?.ping()).toBe('PONG');
      expect(log).toHaveBeenCalledTimes(1);
      expect(log.mock.calls[0][0]).toBe(
        `redis://127.0.0.1:${redis.port} is back: live events, limits and leases are shared again`,
      );
      expect(warn).toHaveBeenCalledTimes(1);
      expect(seen).toEqual(['degraded', 'up']);
    });

    it('logs nothing when it closes with the app', async () => {
      await link.onApplicationShutdown();
      await sleep(100);
      expect(warn).not.toHaveBeenCalled();
      expect(log).not.toHaveBeenCalled();
    });
  });

  it('lets a dedicated connection block for longer than a command may take', async () => {
    const redis = await startRedis();
    const link = new RedisLink(loadConfig({ REDIS_URL: redis.url }));
    try {
      await until(() => link.state === 'up', 'up');
      await expect(link.commands()?.blpop('outpost:nothing', 1.5)).rejects.toThrow('Command timed out');
      const dedicated = link.dedicated();
      await until(() => dedicated.status === 'ready', 'the dedicated connection');
      const started = Date.now();
      expect(await dedicated.xread('BLOCK', 1_500, 'STREAMS', 'outpost:quiet', '$')).toBeNull();
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    } finally {
      await link.onApplicationShutdown();
      await redis.stop();
    }
  });

  it('fails a command at once while Redis is away, instead of queueing it', async () => {
    const link = new RedisLink(loadConfig({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` }));
    await until(() => warn.mock.calls.length > 0, 'the loss line');
    const dedicated = link.dedicated();
    const started = Date.now();
    await expect(dedicated.get('outpost:anything')).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(500);
    await link.onApplicationShutdown();
  });

  it('says a first connection that fails is a loss, without the password of REDIS_URL', async () => {
    const port = await freePort();
    const link = new RedisLink(loadConfig({ REDIS_URL: `redis://:s3cret@127.0.0.1:${port}` }));
    await until(() => warn.mock.calls.length > 0, 'the loss line');
    expect(link.state).toBe('degraded');
    expect(link.commands()).toBeNull();
    await sleep(2_200);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(new RegExp(`^Lost redis://127\\.0\\.0\\.1:${port} \\(`));
    expect(warn.mock.calls[0][0]).not.toContain('s3cret');
    await link.onApplicationShutdown();
  });
});
