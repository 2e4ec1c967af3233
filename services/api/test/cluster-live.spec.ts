// Two built instances on one PostgreSQL database, sharing a redis-server of the suite's own: live
// events fan out (a heartbeat on A reaches a stream on B), a stream that moves from A to B with its
// Last-Event-ID misses nothing, a console command posted on A wakes a long-poll on B within 1 s,
// and losing Redis degrades without breaking (each instance serves and delivers its own events),
// then recovers by itself. Skipped unless DATABASE_URL is PostgreSQL and redis-server is installed.
import type { CreateServerResponse, Network } from '@outpost/contracts';
import { describeCluster, startCluster, type Cluster } from './support/cluster';
import {
  addServerAt,
  call,
  createNetworkAt,
  heartbeatAt,
  openLiveOn,
  pollCommandsAt,
  runConsoleAt,
  signInAt,
  type At,
  type ClusterUser,
} from './support/cluster-client';
import { frame, type LiveClient, type LiveFrame } from './support/live-client';
import type { Instance } from './support/processes';

/** Ids of the shared bus (Redis stream ids), as opposed to an instance's own (`l<boot>-<n>`). */
const SHARED_ID = /^\d+-\d+$/;
const LOCAL_ID = /^l[0-9a-z]+-\d+$/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const until = async (check: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
};

const redisOf = async (at: At) =>
  (await call<never>(at, 'GET', '/health/ready')).body as { status: string; redis?: string };

const player = (n: number) => ({ steamId: `7656119800000000${n}`, name: `Player ${n}` });

/** A frame of the server's status sent with this maxPlayers (each heartbeat here names its own). */
const statusWith = (serverId: string, maxPlayers: number) => (candidate: LiveFrame) =>
  frame('server.status', serverId)(candidate) && candidate.data.maxPlayers === maxPlayers;

describeCluster('live events and command wake-ups across instances (Redis)', () => {
  let cluster: Cluster;
  let a: Instance;
  let b: Instance;
  let owner: ClusterUser;
  let network: Network;
  let server: CreateServerResponse;
  const streams: LiveClient[] = [];

  /** A live stream of the owner's on `at`, once its ready frame came (it is subscribed from then on). */
  const live = async (at: Instance, lastEventId?: string) => {
    const client = await openLiveOn(at, owner, { lastEventId });
    streams.push(client);
    expect(client.status).toBe(200);
    await client.next(frame('ready'));
    return client;
  };
  /**
   * A long-poll on `at` that has surely read the database by now and waits to be woken (wrapped,
   * so that awaiting this does not await the poll's answer).
   */
  const waitingPoll = async (at: Instance) => {
    const answer = pollCommandsAt(at, server.token, 20);
    await sleep(1_000);
    return { answer };
  };

  beforeAll(async () => {
    cluster = await startCluster();
    [a, b] = cluster.instances;
    owner = await signInAt(a, cluster.database.dataDir);
    network = await createNetworkAt(a, owner);
    server = await addServerAt(a, owner, network.id);
  }, 120_000);
  afterEach(() => {
    for (const client of streams.splice(0)) client.close();
  });
  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it('reports Redis up on both instances', async () => {
    for (const at of [a, b]) expect(await redisOf(at)).toEqual({ status: 'ok', database: 'up', redis: 'up' });
  });

  it('delivers a heartbeat sent to A to a live stream on B (and on A)', async () => {
    const [onA, onB] = [await live(a), await live(b)];
    await heartbeatAt(a, server.token, [player(1)], { maxPlayers: 101 });
    for (const client of [onA, onB]) {
      const status = await client.next(statusWith(server.id, 101));
      expect(status.data).toMatchObject({ networkId: network.id, status: 'online', playerCount: 1 });
      expect(status.id).toMatch(SHARED_ID);
      expect((await client.next(frame('player.joined', server.id))).data).toMatchObject(player(1));
    }
    // One order: both streams saw the same ids from the heartbeat's status on.
    const ids = (client: LiveClient) =>
      client.frames
        .slice(client.frames.findIndex(statusWith(server.id, 101)))
        .flatMap(({ id }) => (id ? [id] : []));
    expect(ids(onB)).toEqual(ids(onA));
  });

  it('leaves the streams on both instances alone through a quiet spell (no refetch)', async () => {
    const [onA, onB] = [await live(a), await live(b)];
    // Quiet for longer than a Redis command may take (1 s), twice over.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await heartbeatAt(b, server.token, [player(1)], { maxPlayers: 105 });
    for (const client of [onA, onB]) {
      await client.next(statusWith(server.id, 105));
      expect(client.frames.map(({ event }) => event)).not.toContain('refetch');
    }
  });

  it('resumes a stream that moves from A to B with its Last-Event-ID, missing nothing', async () => {
    // A tab that stays on A the whole time is the witness of what happened.
    const witness = await live(a);
    const moving = await live(a);
    await heartbeatAt(a, server.token, [player(1), player(2)], { maxPlayers: 102 });
    const seen = await moving.next(frame('player.joined', server.id));
    moving.close();
    // While the tab is away, events come through both instances.
    await heartbeatAt(a, server.token, [player(2), player(3)], { maxPlayers: 103 });
    await heartbeatAt(b, server.token, [player(3)], { maxPlayers: 104 });
    await witness.next(statusWith(server.id, 104));
    await witness.next(
      (candidate) =>
        frame('player.left', server.id)(candidate) && candidate.data.steamId === player(2).steamId,
    );
    const upTo = (client: LiveClient, from: number, to: number) =>
      client.frames.slice(from, to + 1).map(({ id, event, data }) => ({ id, event, data }));
    const lastId = witness.frames.at(-1)?.id;
    const missed = upTo(
      witness,
      witness.frames.findIndex(({ id }) => id === seen.id) + 1,
      witness.frames.length - 1,
    );
    // Two statuses, a join and two leaves at least, through both instances.
    expect(missed.length).toBeGreaterThanOrEqual(5);

    const moved = await live(b, seen.id);
    await moved.next((candidate) => candidate.id === lastId);
    expect(moved.frames.map(({ event }) => event)).not.toContain('refetch');
    expect(
      upTo(
        moved,
        1,
        moved.frames.findIndex(({ id }) => id === lastId),
      ),
    ).toEqual(missed);
  });

  it('wakes a long-poll on B within 1 s of a console command posted on A', async () => {
    const { answer } = await waitingPoll(b);
    const posted = performance.now();
    const id = await runConsoleAt(a, owner, server.id, 'status');
    const { commands } = await answer;
    const took = performance.now() - posted;
    expect(commands).toEqual([{ id, type: 'console', command: 'status' }]);
    expect(took).toBeLessThan(1_000);
  });

  /** Streams opened while Redis was away: they miss the other instance's events meanwhile. */
  const throughOutage: Awaited<ReturnType<typeof live>>[] = [];

  describe('when Redis is killed', () => {
    beforeAll(async () => {
      await cluster.redis?.kill();
      await until(
        async () => (await redisOf(a)).redis === 'degraded' && (await redisOf(b)).redis === 'degraded',
        'both instances to report redis: degraded',
      );
    });

    it('keeps both answering requests, ready', async () => {
      for (const at of [a, b]) {
        expect(await redisOf(at)).toEqual({ status: 'ok', database: 'up', redis: 'degraded' });
        const networks = await owner.api<Network[]>(at, 'GET', '/api/networks');
        expect(networks.status).toBe(200);
        expect(networks.body.data?.map(({ id }) => id)).toContain(network.id);
      }
    });

    it("delivers each instance's own events to its streams", async () => {
      const [onA, onB] = [await live(a), await live(b)];
      // Kept open past this test, until Redis is back.
      throughOutage.push(...streams.splice(0));
      await heartbeatAt(a, server.token, [], { maxPlayers: 105 });
      await heartbeatAt(b, server.token, [], { maxPlayers: 106 });
      const fromA = await onA.next(statusWith(server.id, 105));
      const fromB = await onB.next(statusWith(server.id, 106));
      expect(fromA.id).toMatch(LOCAL_ID);
      expect(fromB.id).toMatch(LOCAL_ID);
      await sleep(500);
      expect(onA.frames.some(statusWith(server.id, 106))).toBe(false);
      expect(onB.frames.some(statusWith(server.id, 105))).toBe(false);
    });

    it('still wakes a long-poll on the instance the command was posted on', async () => {
      const { answer } = await waitingPoll(a);
      const id = await runConsoleAt(a, owner, server.id, 'status');
      const { commands } = await answer;
      expect(commands).toEqual([{ id, type: 'console', command: 'status' }]);
    });
  });

  describe('when Redis comes back', () => {
    beforeAll(async () => {
      await cluster.redis?.restart();
      await until(
        async () => (await redisOf(a)).redis === 'up' && (await redisOf(b)).redis === 'up',
        'both instances to report redis: up',
      );
    });

    it('fans events out again by itself', async () => {
      const onB = await live(b);
      // The instances' readers take up to a moment to read again: heartbeat until one crosses.
      let maxPlayers = 200;
      await until(async () => {
        if (
          onB.frames.some(
            (candidate) => frame('server.status', server.id)(candidate) && SHARED_ID.test(candidate.id ?? ''),
          )
        )
          return true;
        maxPlayers += 1;
        await heartbeatAt(a, server.token, [], { maxPlayers });
        return false;
      }, 'a heartbeat on A to reach the stream on B');
      await heartbeatAt(a, server.token, [], { maxPlayers: 300 });
      expect((await onB.next(statusWith(server.id, 300))).id).toMatch(SHARED_ID);
    });

    it('tells the streams open through the outage to read everything again (refetch)', async () => {
      try {
        for (const stream of throughOutage) await stream.next(({ event }) => event === 'refetch');
      } finally {
        for (const stream of throughOutage) stream.close();
      }
    });

    it('wakes a long-poll on B within 1 s of a console command on A again', async () => {
      const { answer } = await waitingPoll(b);
      const posted = performance.now();
      const id = await runConsoleAt(a, owner, server.id, 'status');
      const { commands } = await answer;
      expect(commands).toEqual([{ id, type: 'console', command: 'status' }]);
      expect(performance.now() - posted).toBeLessThan(1_000);
    });
  });
});
