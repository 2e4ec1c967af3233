// The demo shows the product from its first minute: console lines, the simulated moderator's
// punishments, audit entries, alerts, reports and suspicious players, all made by the simulated
// servers and the moderator through the panel's own paths (the plugin protocol, moderation,
// reports, alert rules). A restart of the panel goes on from what it stored: uptimes and playtimes
// never go back.
import type {
  Alert,
  AlertsResponse,
  AuditEntry,
  ConsoleResponse,
  Network,
  PlayersListResponse,
  PunishmentsResponse,
  ReportsResponse,
  Server,
  SuspiciousList,
} from '@outpost/contracts';
import type { RunningSimulation } from '@outpost/simulation';
import { DEMO_STAFF } from '../src/modules/demo/demo-network';
import { DemoService } from '../src/modules/demo/demo.service';
import { createTestApp, signInDemo, type TestApp } from './support';
import { expectStatus } from './support/crew';
import { until } from './support/until';

const env = { DEMO_SIMULATION: 'true' };
type Agent = Awaited<ReturnType<typeof signInDemo>>['agent'];

/** The panel listening, its demo simulation running against it. */
const startDemo = async (t: TestApp): Promise<{ demo: DemoService; simulation: RunningSimulation }> => {
  await t.app.listen(0, '127.0.0.1');
  const demo = t.app.get(DemoService);
  await demo.onApplicationBootstrap();
  demo.startSimulation((await t.app.getUrl()).replace('[::1]', '127.0.0.1'));
  const simulation = await demo.running();
  if (!simulation) throw new Error('the demo did not start its simulation');
  return { demo, simulation };
};

const demoNetwork = async (agent: Agent) => {
  const [network] = expectStatus(await agent.get('/api/networks'), 200).body.data as Network[];
  const servers = expectStatus(await agent.get(`/api/servers/network/${network.id}`), 200).body
    .data as Server[];
  return { network, servers };
};

/** Every player of the network, every page. */
const everyPlayer = async (agent: Agent, networkId: string): Promise<PlayersListResponse['players']> => {
  const found: PlayersListResponse['players'] = [];
  for (let page = 1; ; page += 1) {
    const body = expectStatus(await agent.get('/api/players').query({ networkId, limit: 100, page }), 200)
      .body.data as PlayersListResponse;
    found.push(...body.players);
    if (!body.hasNextPage) return found;
  }
};

/** When the player's open session began, as their profile lists it. */
const openSessionOf = async (agent: Agent, networkId: string, steamId: string) =>
  (
    expectStatus(await agent.get(`/api/players/${steamId}`).query({ networkId }), 200).body.data as {
      sessions: { joinedAt: string; leftAt: string | null }[];
    }
  ).sessions.find((session) => session.leftAt === null)?.joinedAt;

describe('the demo from its first minute, and across a restart of the panel', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env });
  });
  afterAll(() => t.close());

  it('a simulated minute: console lines, reports, suspicious players, the moderator’s punishments and audit entries, alerts', async () => {
    const { demo, simulation } = await startDemo(t);
    const { agent } = await signInDemo(t);
    const { network, servers } = await demoNetwork(agent);
    // Every server reported (its players are on the panel), then a minute passes at once.
    for (const server of simulation.servers) await server.heartbeat();
    const minuteLater = Date.now() + 60_000;
    for (const server of simulation.servers) {
      await server.tick(minuteLater);
      await server.flushEvents();
    }
    const punishments = async () =>
      (
        expectStatus(await agent.get(`/api/networks/${network.id}/punishments`), 200).body
          .data as PunishmentsResponse
      ).punishments;
    // The moderator's rounds (DemoStaff, every 5 s on its own) until AntiHack's catch is answered.
    await until(async () => {
      await demo.staffWorks();
      return (await punishments()).length > 0;
    }, "the moderator's first punishment");

    for (const server of servers) {
      const console = expectStatus(await agent.get(`/api/servers/${server.id}/console`), 200).body
        .data as ConsoleResponse;
      const lines = console.entries.flatMap((entry) => (entry.kind === 'line' ? [entry.message] : []));
      // AntiHack's own line (every demo server has a cheater online from the start).
      expect(lines).toContainEqual(
        expect.stringMatching(/^\w+\[\d{17}\] \w+: Enforcing \(violation of [\d.]+\)/),
      );
    }
    const reports = expectStatus(await agent.get(`/api/networks/${network.id}/reports`), 200).body
      .data as ReportsResponse;
    expect(reports.reports.length).toBeGreaterThan(0);
    const suspicious = expectStatus(await agent.get(`/api/networks/${network.id}/suspicious`), 200).body
      .data as SuspiciousList;
    expect(
      suspicious.players.some((player) => player.factors.some((f) => f.key === 'violations' && f.value > 0)),
    ).toBe(true);
    const [first] = await punishments();
    expect(first).toMatchObject({ kind: 'kick', issuedBy: { id: DEMO_STAFF.id, name: DEMO_STAFF.name } });
    expect(first.reason).toMatch(/^AntiHack caught \w+/);
    const audit = expectStatus(await agent.get(`/api/networks/${network.id}/audit`), 200).body.data as {
      entries: AuditEntry[];
    };
    expect(audit.entries).toContainEqual(
      expect.objectContaining({
        action: 'player.kicked',
        actorName: DEMO_STAFF.name,
        targetName: first.player.name,
      }),
    );
    // The demo's rules fire on what happened: each F7 report is an alert.
    const alerts = await until(async () => {
      const body = expectStatus(await agent.get(`/api/networks/${network.id}/alerts`), 200).body
        .data as AlertsResponse;
      return body.alerts.length > 0 && body.alerts;
    }, 'an alert in the history');
    expect(alerts.map((alert: Alert) => alert.kind)).toContain('report_created');
  });

  it('a restart of the panel on the same database: no uptime or playtime goes back, those online stay since when they joined', async () => {
    const { agent } = await signInDemo(t);
    const { network, servers: before } = await demoNetwork(agent);
    const players = await everyPlayer(agent, network.id);
    const online = players.filter((player) => player.status === 'online').slice(0, 5);
    expect(online.length).toBeGreaterThan(0);
    const sessionsBefore = await Promise.all(
      online.map((player) => openSessionOf(agent, network.id, player.steamId)),
    );

    await t.app.close();
    const restartedAt = Date.now();
    t = await createTestApp({ env, database: t.database });
    await startDemo(t);
    const again = (await signInDemo(t)).agent;
    const after = await until(async () => {
      const { servers } = await demoNetwork(again);
      return servers.every((server) => Date.parse(server.lastSeenAt ?? '') > restartedAt) && servers;
    }, 'every demo server reporting to the restarted panel');
    for (const server of before) {
      const now = after.find((found: Server) => found.id === server.id);
      expect(now?.uptime).toBeGreaterThanOrEqual(server.uptime);
    }
    const playtimes = new Map(
      (await everyPlayer(again, network.id)).map((player) => [player.steamId, player.playtime]),
    );
    for (const player of players)
      expect(playtimes.get(player.steamId)).toBeGreaterThanOrEqual(player.playtime);
    // The simulation went on with them: the same open session, not a new one.
    expect(
      await Promise.all(online.map((player) => openSessionOf(again, network.id, player.steamId))),
    ).toEqual(sessionsBefore);
  });
});
