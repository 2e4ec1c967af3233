// GET /api/live on an instance whose live bus goes through Redis (REDIS_URL, a redis-server of the
// suite's own): its reader reads from start-up without a failed first read, and when it falls
// behind what the stream keeps (its event loop blocked while other instances write on), the open
// streams are told to read everything again (refetch) instead of silently missing what was trimmed.
import { LIVE_REPLAY_SIZE, LiveBus, RedisLiveBus } from '../src/core/live';
import { createCrew, type Crew } from './support/crew';
import { frame, openLive, type LiveClient, type LiveFrame } from './support/live-client';
import { addServer, heartbeat } from './support/plugin';
import { redisServerBinary, startRedis, type RedisServer } from './support/processes';
import { appendWhileBlocked } from './support/redis-stream';
import { createTestApp, type TestApp } from './support';

const withRedis = redisServerBinary() ? describe : describe.skip;

withRedis('the live stream through Redis', () => {
  let redis: RedisServer;
  let t: TestApp;
  let crew: Crew;
  const clients: LiveClient[] = [];

  const tab = async (jwt: string) => {
    const client = await openLive(t, { jwt });
    clients.push(client);
    await client.next(frame('ready'));
    return client;
  };
  const fromElsewhere = (n: number) => (candidate: LiveFrame) =>
    frame('server.status', `other-${n}`)(candidate);
  const bus = () => {
    const found = t.app.get(LiveBus);
    if (!(found instanceof RedisLiveBus)) throw new Error('the live bus is not the Redis one');
    return found;
  };

  beforeAll(async () => {
    redis = await startRedis();
    t = await createTestApp({ env: { REDIS_URL: redis.url } });
    crew = await createCrew(t);
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  it('reads the stream from start-up without a failed read, and a heartbeat reaches an open stream', async () => {
    expect(bus().reading).toBe(true);
    // It used to read before its connection was up: one failure, then 250 ms before the next read.
    expect(bus().failedReads).toBe(0);
    const { id: serverId, token } = await addServer(crew.owner, crew.network.id);
    const owner = await tab(crew.owner.jwt);
    await heartbeat(t, token, []);
    expect((await owner.next(frame('server.status', serverId))).id).toMatch(/^\d+-\d+$/);
  });

  it('delivers everything, without a refetch, when all it fell behind is still kept', async () => {
    const [owner, member] = [await tab(crew.owner.jwt), await tab(crew.member.jwt)];
    appendWhileBlocked(redis.url, { networkId: crew.network.id, count: 3_000, keep: LIVE_REPLAY_SIZE });
    for (const client of [owner, member]) {
      await client.next(fromElsewhere(2_999), 20_000);
      const statuses = client.frames.filter(({ event }) => event === 'server.status');
      expect(statuses.map(({ data }) => data.serverId)).toEqual(
        Array.from({ length: 3_000 }, (_, n) => `other-${n}`),
      );
      expect(client.frames.map(({ event }) => event)).not.toContain('refetch');
    }
  });

  it('tells the open streams to read everything again when what it had not read was trimmed', async () => {
    const [owner, member] = [await tab(crew.owner.jwt), await tab(crew.member.jwt)];
    appendWhileBlocked(redis.url, {
      networkId: crew.network.id,
      count: LIVE_REPLAY_SIZE + 2_000,
      keep: LIVE_REPLAY_SIZE,
    });
    for (const client of [owner, member]) {
      const refetch = await client.next(frame('refetch'), 20_000);
      // Then on with what the stream kept, to its newest entry.
      await client.next(fromElsewhere(LIVE_REPLAY_SIZE + 1_999), 20_000, client.frames.indexOf(refetch));
      expect(client.frames.filter(({ event }) => event === 'server.status').length).toBeLessThan(
        LIVE_REPLAY_SIZE + 2_000,
      );
    }
    expect(bus().failedReads).toBe(0);
  });
});
