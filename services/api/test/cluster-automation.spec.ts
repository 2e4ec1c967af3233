// Two built instances on one PostgreSQL database with a redis-server of the suite's own: a schedule
// due every minute runs once per minute while the leader is killed (SIGKILL, 5 s before a minute)
// and the other takes over. Real minutes, no test clock: three occurrences, one on the first
// leader, the one due during the take-over (late by the lease, well within the 5 minutes after
// which it would be missed) and the next one on time, each exactly once and succeeded, with
// exactly one broadcast reaching the game server for each. The suite plays the server's plugin
// (heartbeats, the commands long-poll and their results) against whichever instance is alive.
// Skipped unless DATABASE_URL is PostgreSQL and redis-server is installed; takes about 3 minutes
// (the three minute boundaries it waits for are real ones).
import path from 'node:path';
import {
  AUTOMATION_LIMITS,
  type Automation,
  type AutomationInput,
  type AutomationRun,
  type AutomationRunsPage,
  type CreateServerResponse,
  type Network,
  type PluginCommand,
} from '@outpost/contracts';
import { alive, describeCluster, leads, sleep, startCluster, waitFor, type Cluster } from './support/cluster';
import {
  addServerAt,
  call,
  createNetworkAt,
  dataOf,
  heartbeatAt,
  pollCommandsAt,
  signInAt,
  type ClusterUser,
} from './support/cluster-client';
import { MAIN, spawnLogged, type Instance } from './support/processes';

/** Debug lines (one per run of each leader's job), colourless, so they can be counted. */
const LOGGED = { LOG_LEVEL: 'debug', NO_COLOR: '1' };
const MINUTE = 60_000;
/** How long before a minute the leader is killed: its lease outlives it, so the take-over is late. */
const KILL_BEFORE_MS = 5_000;

const count = (text: string, needle: string) => text.split(needle).length - 1;
/** Runs of the scheduler's look for due schedules on this instance (Leadership's line per run). */
const schedulerLooksOf = (instance: Instance) =>
  count(instance.output(), '[Leadership] automation schedules: ran in');

/** `npm run panel -- users:plan <email> premium` against the cluster's database, as an operator does. */
const setPlanByOperator = async (cluster: Cluster, email: string) => {
  const cli = spawnLogged(
    process.execPath,
    [path.join(path.dirname(MAIN), 'cli.js'), 'users:plan', email, 'premium'],
    { PATH: process.env.PATH ?? '', ...cluster.env },
  );
  const exit = await cli.exited;
  if (exit.code !== 0) throw new Error(`users:plan exited with ${exit.code}:\n${cli.output()}`);
};

/**
 * The game server's plugin: a heartbeat every 5 s and the commands long-poll, each to an instance
 * that is alive (the next one when a call fails), reporting every command done once. The heartbeat
 * hands out again the commands whose result is not in yet, so they count by id.
 */
const playPlugin = (cluster: Cluster, token: string) => {
  /** Each command's text by its id, in the order they first came. */
  const received = new Map<string, string>();
  const done = new Set<string>();
  let stopped = false;
  let wake: () => void = () => undefined;
  const stopping = new Promise<void>((resolve) => (wake = resolve));
  /** A pause that ends at once when the plugin stops. */
  const pause = (ms: number) => Promise.race([sleep(ms), stopping]);
  let turn = 0;
  const target = () => {
    const up = cluster.instances.filter(alive);
    turn += 1;
    return up[turn % up.length];
  };
  const carryOut = async (at: Instance, commands: PluginCommand[]) => {
    for (const command of commands) {
      if (done.has(command.id)) continue;
      if (!received.has(command.id))
        received.set(command.id, command.type === 'console' ? command.command : command.type);
      // Not posted (the instance died under it): it comes again with a heartbeat.
      const result = await call(at, 'POST', `/api/plugin/v1/commands/${command.id}/result`, {
        body: { ok: true, output: '' },
        headers: { Authorization: `Bearer ${token}` },
      });
      if (result.status === 200) done.add(command.id);
    }
  };
  const loop = async (step: (at: Instance) => Promise<void>, pauseMs: number) => {
    while (!stopped) {
      const at = target();
      let failed = false;
      try {
        if (at) await step(at);
      } catch {
        // The instance died under the call (or refused it): the next one goes to another.
        failed = true;
      }
      await pause(failed ? 1_000 : pauseMs);
    }
  };
  const loops = [
    loop(async (at) => carryOut(at, await heartbeatAt(at, token, [])), 5_000),
    loop(async (at) => carryOut(at, (await pollCommandsAt(at, token, 2)).commands), 50),
  ];
  return {
    /** The console commands it ran, in the order they came. */
    commands: () => [...received.values()],
    stop: async () => {
      stopped = true;
      wake();
      await Promise.all(loops);
    },
  };
};

describeCluster('a schedule across a leader take-over (Redis lease)', () => {
  let cluster: Cluster;
  let owner: ClusterUser;
  let network: Network;
  let server: CreateServerResponse;
  let plugin: ReturnType<typeof playPlugin> | undefined;

  beforeAll(async () => {
    cluster = await startCluster({ env: LOGGED });
    const [first] = cluster.instances;
    owner = await signInAt(first, cluster.database.dataDir);
    await setPlanByOperator(cluster, owner.email);
    network = await createNetworkAt(first, owner, 'Scheduled Network');
    server = await addServerAt(first, owner, network.id, 'Scheduled Server');
    await heartbeatAt(first, server.token, []);
    plugin = playPlugin(cluster, server.token);
  }, 120_000);
  afterAll(async () => {
    await plugin?.stop();
    await cluster?.stop();
  });

  it('runs a schedule due every minute once per minute while the leader is killed and the other takes over', async () => {
    await waitFor(() => cluster.instances.filter(leads).length === 1, 'a leader', 20_000);
    const leader = cluster.instances.find(leads)!;
    const other = cluster.instances.find((instance) => instance !== leader)!;
    const base = `/api/networks/${network.id}/automations`;
    const input: AutomationInput = {
      name: 'Every minute',
      enabled: true,
      serverIds: null,
      schedule: { cron: '* * * * *', timezone: 'UTC', onlyWhenOnline: true },
      actions: [{ type: 'broadcast', message: 'A minute on {server.name}' }],
    };
    // Saved on the instance that does not lead: the leader's scheduler finds it in the database.
    const automation = dataOf(
      await owner.api<Automation>(other, 'POST', base, input),
      201,
      'creating the automation',
    );
    const first = Date.parse(automation.nextRunAt!);
    const due = [first, first + MINUTE, first + 2 * MINUTE];
    const runsVia = async (where: Instance) =>
      dataOf(
        await owner.api<AutomationRunsPage>(where, 'GET', `${base}/${automation.id}/runs?limit=100`),
        200,
        'the runs',
      ).runs;
    /** The run due at `dueAt` once it has finished (read from the instance that survives). */
    const finished = async (dueAt: number): Promise<AutomationRun> => {
      let found: AutomationRun | undefined;
      await waitFor(
        async () => {
          found = (await runsVia(other)).find(
            (run) => Date.parse(run.dueAt) === dueAt && run.finishedAt !== null,
          );
          return found !== undefined;
        },
        `the run due at ${new Date(dueAt).toISOString()}`,
        Math.max(0, dueAt - Date.now()) + 40_000,
      );
      return found!;
    };

    // The first minute: the leader starts it, the other never looked for due schedules.
    const onFirstLeader = await finished(due[0]);
    expect(onFirstLeader.status).toBe('succeeded');
    expect(schedulerLooksOf(leader)).toBeGreaterThan(0);
    expect(schedulerLooksOf(other)).toBe(0);
    expect(
      dataOf(await owner.api<Automation>(other, 'GET', `${base}/${automation.id}`), 200, 'the automation')
        .nextRunAt,
    ).toBe(new Date(due[1]).toISOString());

    // SIGKILL just before the next minute: its Redis lease still stands at the minute.
    await sleep(due[1] - KILL_BEFORE_MS - Date.now());
    leader.child.kill('SIGKILL');
    await leader.exited;
    const killed = Date.now();
    await waitFor(() => leads(other), 'the take-over', 30_000);
    const took = Date.now() - killed;

    const taken = await finished(due[1]);
    const late = Date.parse(taken.startedAt) - due[1];
    console.info(
      `take-over ${(took / 1000).toFixed(1)} s after SIGKILL; the minute due during it started ${(late / 1000).toFixed(1)} s late`,
    );
    // Started after the first leader was gone: by the one that leads now, as it is, not missed.
    expect(Date.parse(taken.startedAt)).toBeGreaterThan(killed);
    expect(schedulerLooksOf(other)).toBeGreaterThan(0);
    expect(late).toBeLessThan(AUTOMATION_LIMITS.lateRunMs);
    expect(taken.status).toBe('succeeded');

    const onTime = await finished(due[2]);
    expect(Date.parse(onTime.startedAt) - due[2]).toBeLessThan(5_000);

    // A moment more for anything started twice to show: one run per minute, each minute there.
    await sleep(2_000);
    const all = await runsVia(other);
    expect(all.map((run) => run.dueAt).sort()).toEqual(due.map((time) => new Date(time).toISOString()));
    for (const run of all) {
      expect(run).toMatchObject({ cause: 'schedule', serverId: server.id, status: 'succeeded' });
      expect(run.actions.map((action) => action.status)).toEqual(['succeeded']);
    }
    // The game server heard one broadcast per minute.
    expect(plugin!.commands()).toEqual([
      'say A minute on Scheduled Server',
      'say A minute on Scheduled Server',
      'say A minute on Scheduled Server',
    ]);
  }, 300_000);
});
