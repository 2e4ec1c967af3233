// Two built instances on one PostgreSQL database sharing a redis-server of the suite's own: the
// rate limits count across them, and Redis going away (SIGKILL) degrades them, never breaks them;
// they recover by themselves when it is back. Runs where describeCluster can (PostgreSQL and
// redis-server); uses OUTPOST_API_MAIN or services/api/dist.
import { CONSOLE_COMMANDS_PER_MINUTE, type CreateServerResponse, type Network } from '@outpost/contracts';
import { PLUGIN_RATE_LIMIT } from '../src/modules/plugin/plugin-auth.guard';
import { describeCluster, startCluster, type Cluster } from './support/cluster';
import {
  CLUSTER_API_KEY,
  addServerAt,
  createNetworkAt,
  signInAt,
  type At,
  type ClusterUser,
} from './support/cluster-client';
import type { Instance } from './support/processes';

const CONSOLE_REFUSAL = {
  success: false,
  error: `Too many console commands: at most ${CONSOLE_COMMANDS_PER_MINUTE} a minute`,
  code: 'RATE_LIMITED',
};
/** SIGN_IN_LIMIT's per e-mail rule (identity/sign-in-limits.ts): 5 links a quarter of an hour. */
const LINKS_PER_EMAIL = 5;

type Sent = { status: number; body: Record<string, unknown>; retryAfter: number | null };

/** One JSON request to an instance, answering what a client sees, Retry-After included. */
const send = async (
  at: Instance,
  method: string,
  url: string,
  body?: unknown,
  headers = {},
): Promise<Sent> => {
  const res = await fetch(`${at.url}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const retryAfter = res.headers.get('retry-after');
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    retryAfter: retryAfter === null ? null : Number(retryAfter),
  };
};

const asUser = (user: ClusterUser) => ({ 'X-API-Key': CLUSTER_API_KEY, Authorization: `Bearer ${user.jwt}` });
const runConsole = (at: Instance, user: ClusterUser, serverId: string, command: string) =>
  send(at, 'POST', `/api/servers/${serverId}/console`, { command }, asUser(user));
const heartbeat = (at: Instance, token: string) =>
  send(
    at,
    'POST',
    '/api/plugin/v1/heartbeat',
    { maxPlayers: 100, players: [] },
    { Authorization: `Bearer ${token}` },
  );
const askLink = (at: Instance, email: string) =>
  send(at, 'POST', '/v1/account/tokens/magic-url', {
    userId: 'unique()',
    email,
    url: `${at.url}/auth/magic-link`,
  });

const ready = (at: At) =>
  fetch(`${typeof at === 'string' ? at : at.url}/health/ready`).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as { status: string; database: string; redis?: string },
  }));

/** Waits until every instance's /health/ready says `redis: state` (and answers 200). */
const untilRedis = async (instances: Instance[], state: 'up' | 'degraded') => {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answers = await Promise.all(instances.map(ready));
    if (answers.every((answer) => answer.status === 200 && answer.body.redis === state)) return;
    if (Date.now() > deadline)
      throw new Error(`/health/ready did not say redis: ${state}: ${JSON.stringify(answers)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** The lines of an instance's output that name Redis lost, and back. */
const redisLines = (instance: Instance, url: string) => {
  const lines = instance.output().split('\n');
  return {
    lost: lines.filter((line) => line.includes(`Lost ${url} (`)),
    back: lines.filter((line) => line.includes(`${url} is back`)),
  };
};

describeCluster('two instances sharing Redis (REDIS_URL)', () => {
  let cluster: Cluster;
  let a: Instance;
  let b: Instance;
  let redisUrl: string;
  let owner: ClusterUser;
  let network: Network;
  let servers: CreateServerResponse[];
  /** A, B, A, B...: where the n-th request of a round goes. */
  const alternate = (n: number) => (n % 2 ? b : a);

  beforeAll(async () => {
    // Info, so the recovery line (logged at info) is in their output.
    cluster = await startCluster({ env: { LOG_LEVEL: 'info' } });
    [a, b] = cluster.instances;
    redisUrl = cluster.redis!.url;
    await untilRedis([a, b], 'up');
    owner = await signInAt(a, cluster.database.dataDir);
    network = await createNetworkAt(a, owner);
    servers = [
      await addServerAt(a, owner, network.id, 'Alpha'),
      await addServerAt(b, owner, network.id, 'Bravo'),
    ];
  }, 120_000);
  afterAll(() => cluster?.stop(), 30_000);

  it(`counts one user's console commands on both instances: the one past ${CONSOLE_COMMANDS_PER_MINUTE} is refused wherever it goes`, async () => {
    for (let n = 0; n < CONSOLE_COMMANDS_PER_MINUTE; n += 1) {
      const res = await runConsole(alternate(n), owner, servers[n % 2].id, `say ${n}`);
      expect(res.status).toBe(202);
    }
    for (const at of [a, b]) {
      const refused = await runConsole(at, owner, servers[0].id, 'say one too many');
      expect(refused).toMatchObject({ status: 429, body: CONSOLE_REFUSAL });
      expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfter).toBeLessThanOrEqual(60);
    }
  });

  it(`counts sign-in links asked for one e-mail on both instances (${LINKS_PER_EMAIL} in 15 minutes)`, async () => {
    const email = `limited-${Date.now()}@example.com`;
    for (let n = 0; n < LINKS_PER_EMAIL; n += 1)
      expect((await askLink(alternate(n), email)).status).toBe(201);
    for (const at of [a, b]) {
      const refused = await askLink(at, email);
      expect(refused).toMatchObject({ status: 429, body: { type: 'general_rate_limit_exceeded' } });
      expect(refused.retryAfter).toBeGreaterThan(14 * 60);
    }
  });

  it(`counts a game server's plugin calls on both instances (${PLUGIN_RATE_LIMIT.requests} a minute)`, async () => {
    const token = servers[1].token;
    // A few at a time, so that all of them fall within the minute on a busy machine too.
    for (let n = 0; n < PLUGIN_RATE_LIMIT.requests; n += 8) {
      const calls = Array.from({ length: Math.min(8, PLUGIN_RATE_LIMIT.requests - n) }, (_, i) =>
        heartbeat(alternate(n + i), token),
      );
      expect((await Promise.all(calls)).map(({ status }) => status)).toEqual(calls.map(() => 200));
    }
    const refused = await heartbeat(b, token);
    expect(refused).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
  }, 60_000);

  describe('when Redis is killed', () => {
    beforeAll(async () => {
      await cluster.redis!.kill();
      await untilRedis([a, b], 'degraded');
    }, 30_000);

    it('both stay ready, saying redis: degraded', async () => {
      for (const at of [a, b])
        expect(await ready(at)).toEqual({
          status: 200,
          body: { status: 'ok', database: 'up', redis: 'degraded' },
        });
    });

    it('both serve the API and the plugin, and sign people in', async () => {
      for (const at of [a, b]) {
        const networks = await send(at, 'GET', '/api/networks', undefined, asUser(owner));
        expect(networks.status).toBe(200);
        expect(networks.body.data).toEqual(
          expect.arrayContaining([expect.objectContaining({ id: network.id })]),
        );
        expect((await heartbeat(at, servers[0].token)).status).toBe(200);
      }
      const newcomer = await signInAt(b, cluster.database.dataDir);
      expect((await send(a, 'GET', '/api/networks', undefined, asUser(newcomer))).status).toBe(200);
    });

    it('each counts console commands alone: up to the limit on one, and the other still accepts', async () => {
      // The owner's shared count is spent; here only this instance's own count holds.
      for (let n = 0; n < CONSOLE_COMMANDS_PER_MINUTE; n += 1)
        expect((await runConsole(a, owner, servers[n % 2].id, `say alone ${n}`)).status).toBe(202);
      const refused = await runConsole(a, owner, servers[0].id, 'say one too many');
      expect(refused).toMatchObject({ status: 429, body: CONSOLE_REFUSAL });
      expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
      expect((await runConsole(b, owner, servers[0].id, 'say on the other one')).status).toBe(202);
    });

    it('each logs the loss once, however many reconnections fail', async () => {
      // Reconnecting goes on every 200 ms to 2 s: a few attempts have failed by now.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      for (const instance of [a, b]) {
        const { lost, back } = redisLines(instance, redisUrl);
        expect(lost).toHaveLength(1);
        expect(lost[0]).toContain('serving on alone');
        expect(back).toHaveLength(0);
      }
    });
  });

  describe('when Redis is back', () => {
    beforeAll(async () => {
      await cluster.redis!.restart();
      await untilRedis([a, b], 'up');
    }, 30_000);

    it('both say redis: up again and log the recovery once', async () => {
      for (const at of [a, b])
        expect(await ready(at)).toEqual({ status: 200, body: { status: 'ok', database: 'up', redis: 'up' } });
      for (const instance of [a, b]) {
        const { lost, back } = redisLines(instance, redisUrl);
        expect(lost).toHaveLength(1);
        expect(back).toHaveLength(1);
      }
    });

    it('counts console commands across both again (in the new Redis, not in either one alone)', async () => {
      // A's own count is spent, so a command A accepts now was counted in Redis.
      for (let n = 0; n < CONSOLE_COMMANDS_PER_MINUTE; n += 1)
        expect((await runConsole(alternate(n), owner, servers[n % 2].id, `say again ${n}`)).status).toBe(202);
      expect(await runConsole(b, owner, servers[1].id, 'say one too many')).toMatchObject({
        status: 429,
        body: CONSOLE_REFUSAL,
      });
    });
  });
});
