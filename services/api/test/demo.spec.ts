// The demo network: created at start (DEMO and DEMO_SIMULATION), fed by in-process simulated servers.
import type { Network, PublicStats, Server } from '@outpost/contracts';
import { DemoService } from '../src/modules/demo/demo.service';
import { StatsService } from '../src/modules/stats/stats.service';
import { createTestApp, createTestDatabase, signInDemo, type TestApp, type TestDatabase } from './support';
import { countRows, expectStatus } from './support/crew';
import { pluginCall } from './support/plugin';

describe('demo network', () => {
  let database: TestDatabase;
  let t: TestApp;
  const env = { DEMO_SIMULATION: 'true' };
  beforeAll(async () => {
    database = await createTestDatabase();
    t = await createTestApp({ env, database });
  });
  afterAll(async () => {
    await t.app.close();
    await database.drop();
  });

  it('exists at start with the demo user as a read-only admin and three servers', async () => {
    const demo = await signInDemo(t);
    const networks = expectStatus(await demo.agent.get('/api/networks'), 200).body.data as Network[];
    expect(networks).toEqual([
      expect.objectContaining({
        name: 'Demo Network',
        description: 'A live network of simulated Rust servers',
        role: 'admin',
        serverCount: 3,
      }),
    ]);
    const servers = expectStatus(await demo.agent.get(`/api/servers/network/${networks[0].id}`), 200).body
      .data as Server[];
    expect(servers.map((server) => server.name)).toEqual([
      'Outpost Demo | EU Main',
      'Outpost Demo | US Vanilla',
      'Outpost Demo | Asia 2x',
    ]);
    expectStatus(await demo.agent.post(`/api/servers/network/${networks[0].id}`).send({ name: 'Mine' }), 403);
  });

  it("shows the demo user an admin's view: console, reports, audit, punishments, members; every write 403", async () => {
    const demo = await signInDemo(t);
    const [network] = expectStatus(await demo.agent.get('/api/networks'), 200).body.data as Network[];
    const [server] = expectStatus(await demo.agent.get(`/api/servers/network/${network.id}`), 200).body
      .data as Server[];
    for (const path of [
      `/api/servers/${server.id}/console`,
      `/api/servers/${server.id}/reports`,
      `/api/networks/${network.id}/audit`,
      `/api/networks/${network.id}/punishments`,
      `/api/networks/${network.id}/members`,
      `/api/invites/network/${network.id}`,
    ])
      expectStatus(await demo.agent.get(path), 200);
    // No secret of the servers: neither their signed URLs nor the reports key.
    expect(server).not.toHaveProperty('banCheckPath');
    expect(server).not.toHaveProperty('reportsPath');
    expect(server).not.toHaveProperty('reportsKey');
    const readOnly = { success: false, error: 'The demo is read-only', code: 'DEMO_READ_ONLY' };
    for (const [method, path, body] of [
      ['post', `/api/servers/${server.id}/console`, { command: 'status' }],
      ['post', `/api/players/76561198000000001/kick`, { serverId: server.id }],
      ['post', `/api/players/76561198000000001/ban`, { serverId: server.id }],
      ['post', '/api/invites', { networkId: network.id }],
      ['post', `/api/servers/${server.id}/token`, {}],
      ['delete', `/api/servers/${server.id}`, {}],
    ] as const)
      expect(expectStatus(await demo.agent[method](path).send(body), 403).body).toEqual(readOnly);
  });

  it('a restart keeps one demo network and gives its servers new tokens', async () => {
    const before = await t.app.get(DemoService).ensureNetwork();
    const after = await t.app.get(DemoService).ensureNetwork();
    expect(await countRows(t, 'networks')).toBe(1);
    expect(await countRows(t, 'servers')).toBe(3);
    expect(after.map((spec) => spec.token)).not.toEqual(before.map((spec) => spec.token));
    const heartbeat = { maxPlayers: 10, players: [] };
    expectStatus(await pluginCall(t, before[0].token, 'heartbeat', heartbeat), 401);
    expectStatus(await pluginCall(t, after[0].token, 'heartbeat', heartbeat), 200);
  });

  it('simulated servers started against the listening API bring the demo online in the public stats', async () => {
    await t.app.listen(0, '127.0.0.1');
    const demo = t.app.get(DemoService);
    await demo.onApplicationBootstrap();
    demo.startSimulation((await t.app.getUrl()).replace('[::1]', '127.0.0.1'));
    const stats = t.app.get(StatsService);
    let figures: PublicStats | null = null;
    // The previous test left the first server online with no players: wait for every server's report.
    const live = (f: PublicStats | null) => f?.demo?.onlineServers === 3 && (f.demo.onlinePlayers ?? 0) > 100;
    for (let i = 0; i < 50 && !live(figures); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      figures = await stats.publicStats(Date.now() + 60_000 * (i + 1));
    }
    // The demo's figures are public; the panel's totals stay private by default (PUBLIC_STATS).
    expect(figures).toMatchObject({ totals: null, demo: { onlineServers: 3 } });
    expect(figures?.demo?.onlinePlayers).toBeGreaterThan(100);
    await demo.onModuleDestroy();
  });
});

describe('demo simulation off', () => {
  it('creates no demo network; the stats say demo null', async () => {
    const t = await createTestApp();
    try {
      expect(await countRows(t, 'networks')).toBe(0);
      expect((await t.app.get(StatsService).publicStats()).demo).toBeNull();
    } finally {
      await t.close();
    }
  });
});
