// Two built instances on one PostgreSQL database: the periodic work (offline sweep with ban and
// command expiry, retention, the demo simulator) runs on one leader only, counted from each
// instance's own log (a debug line per run); SIGKILL of the leader makes the other lead within
// 30 s, SIGTERM hands over at once. With a redis-server of the suite's own (a Redis lease), and
// without Redis (a PostgreSQL advisory lock). The take-over times are printed. Skipped unless
// DATABASE_URL is PostgreSQL and redis-server is installed.
import { knex, type Knex } from '@mikro-orm/postgresql';
import { describeCluster, startCluster, type Cluster } from './support/cluster';
import type { Instance } from './support/processes';

/** Debug lines (one per run of each job) and colourless output, so the lines can be counted. */
const LOGGED = { LOG_LEVEL: 'debug', NO_COLOR: '1' };
const DEMO = { DEMO: 'true', DEMO_SIMULATION: 'true' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const until = async (check: () => Promise<boolean> | boolean, what: string, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
};

const count = (text: string, needle: string) => text.split(needle).length - 1;
/** Runs of a leader's job on this instance (Leadership's line per run). */
const runsOf = (instance: Instance, job: string) => count(instance.output(), `[Leadership] ${job}: ran in`);
const simulationsOf = (instance: Instance) => count(instance.output(), '[Demo] Simulating 3 demo servers');
/** Whether this instance leads now: its last leadership line says so. */
const leads = (instance: Instance) => {
  const output = instance.output();
  return output.lastIndexOf('This instance leads now') > output.lastIndexOf('This instance stepped down');
};
const alive = (instance: Instance) => instance.child.exitCode === null && instance.child.signalCode === null;
const leaderOf = (cluster: Cluster) => cluster.instances.filter(alive).filter(leads);

/** Waits for this instance to lead; answers how long that took from `since`. */
const takeOver = async (instance: Instance, since: number, timeoutMs: number): Promise<number> => {
  await until(() => leads(instance), 'the take-over', timeoutMs);
  return Date.now() - since;
};

describeCluster('one leader for the periodic work (Redis lease)', () => {
  let cluster: Cluster;
  let db: Knex;
  /** The demo servers' last heartbeats, newest first. */
  const demoHeartbeat = async (): Promise<number> => {
    const [row] = await db('servers').max({ at: 'last_seen_at' });
    return row?.at ? new Date(row.at as string).getTime() : 0;
  };

  beforeAll(async () => {
    cluster = await startCluster({ env: { ...LOGGED, ...DEMO } });
    db = knex({ client: 'pg', connection: cluster.database.env.DATABASE_URL, pool: { min: 0, max: 1 } });
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    await cluster?.stop();
  });

  it('runs the sweep, the purge and the demo simulator on one instance only', async () => {
    await until(() => leaderOf(cluster).length === 1, 'a leader', 20_000);
    const [leader] = leaderOf(cluster);
    const other = cluster.instances.find((instance) => instance !== leader)!;
    // The sweep runs every 10 s: two of its runs on the leader, and none anywhere else meanwhile.
    await until(() => runsOf(leader, 'offline sweep') >= 2, 'two sweeps', 40_000);
    expect(runsOf(other, 'offline sweep')).toBe(0);
    expect(runsOf(leader, 'log purge')).toBe(1);
    expect(runsOf(other, 'log purge')).toBe(0);
    expect(simulationsOf(leader)).toBe(1);
    expect(simulationsOf(other)).toBe(0);
    expect(leads(other)).toBe(false);
    // The leader's simulated servers are heard: their tokens are the ones the database holds.
    const heard = await demoHeartbeat();
    await until(async () => (await demoHeartbeat()) > heard, 'a demo heartbeat', 15_000);
  }, 90_000);

  it('SIGKILL of the leader: the other leads within 30 s and runs the work there, the demo included', async () => {
    const [leader] = leaderOf(cluster);
    const other = cluster.instances.find((instance) => instance !== leader)!;
    const sweepsBefore = runsOf(other, 'offline sweep');
    const killed = Date.now();
    leader.child.kill('SIGKILL');
    await leader.exited;
    const took = await takeOver(other, killed, 30_000);
    console.info(`leader take-over after SIGKILL (Redis lease): ${(took / 1000).toFixed(1)} s`);
    expect(took).toBeLessThan(30_000);
    await until(() => runsOf(other, 'offline sweep') > sweepsBefore, 'a sweep on the new leader', 15_000);
    expect(runsOf(other, 'log purge')).toBe(1);
    expect(simulationsOf(other)).toBe(1);
    const tookOver = Date.now();
    await until(async () => (await demoHeartbeat()) > tookOver, "the new leader's demo heartbeats", 15_000);
  }, 90_000);

  it('SIGTERM hands over at once', async () => {
    const [leader] = leaderOf(cluster);
    const next = await cluster.add();
    await sleep(500);
    expect(leads(next)).toBe(false);
    const asked = Date.now();
    const stopping = leader.stop();
    const took = await takeOver(next, asked, 5_000);
    console.info(`leader hand-over on SIGTERM (Redis lease): ${(took / 1000).toFixed(1)} s`);
    expect((await stopping).code).toBe(0);
    expect(leader.output()).toContain('This instance stepped down: shutting down, handing over');
  }, 90_000);
});

describeCluster('one leader for the periodic work without Redis (PostgreSQL advisory lock)', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster({ redis: false, env: LOGGED });
  }, 120_000);
  afterAll(() => cluster?.stop());

  it('runs the sweep once across the instances, and the other takes over at its next try when the leader dies', async () => {
    await until(() => leaderOf(cluster).length === 1, 'a leader', 20_000);
    const [leader] = leaderOf(cluster);
    const other = cluster.instances.find((instance) => instance !== leader)!;
    expect(leader.output()).toContain('This instance leads now (PostgreSQL advisory lock');
    await until(() => runsOf(leader, 'offline sweep') >= 2, 'two sweeps', 40_000);
    expect(runsOf(other, 'offline sweep')).toBe(0);
    expect(runsOf(other, 'log purge')).toBe(0);

    const killed = Date.now();
    leader.child.kill('SIGKILL');
    await leader.exited;
    // The lock goes with the dead process's session; the other's next try (5 s) takes it.
    const took = await takeOver(other, killed, 15_000);
    console.info(`leader take-over after SIGKILL (advisory lock): ${(took / 1000).toFixed(1)} s`);
    await until(() => runsOf(other, 'offline sweep') >= 1, 'a sweep on the new leader', 15_000);
  }, 120_000);
});
