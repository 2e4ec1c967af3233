// A deleted server's metrics go with it: its one-minute, five-minute and hourly buckets and its
// status changes, also what was gathered and not written yet; a deleted network's servers' too;
// rows left by a server that is gone are deleted by the retention job. Neighbours keep theirs.
import { MetricsRetention } from '../src/modules/metrics';
import { MetricsCollector } from '../src/modules/metrics/metrics-collector.service';
import { OfflineSweepService } from '../src/modules/plugin/offline-sweep.service';
import { PluginClock } from '../src/modules/plugin/plugin-clock';
import { createNetwork, createWorld, expectStatus, type Crew } from './support/crew';
import { addServer, heartbeat, steamIdOf } from './support/plugin';
import type { TestApp } from './support';

const HOUR = 3_600_000;
const TABLES = ['metric_minutes', 'metric_five_minutes', 'metric_hours'] as const;

describe('metrics of deleted servers', () => {
  let t: TestApp;
  let crew: Crew;
  beforeAll(async () => {
    ({ t, crew } = await createWorld());
    // The reports are dated hours back: a background sweep would set them offline mid-test.
    await t.app.get(OfflineSweepService).onModuleDestroy();
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const hourStart = (hoursAgo: number) => Math.floor(Date.now() / HOUR) * HOUR - hoursAgo * HOUR;
  const reportAt = async (token: string, at: number, players = 3) => {
    jest.spyOn(t.app.get(PluginClock), 'now').mockReturnValue(new Date(at));
    await heartbeat(
      t,
      token,
      Array.from({ length: players }, (_, i) => ({ steamId: steamIdOf(7000 + i), name: `D${i}` })),
      { maxPlayers: 50, fps: 60 },
    );
  };
  const count = async (table: string, serverId: string): Promise<number> => {
    const [row] = await t.orm.em
      .fork()
      .getConnection()
      .execute<{ n: number | string }[]>(`select count(*) as n from ${table} where server_id = ?`, [
        serverId,
      ]);
    return Number(row.n);
  };
  const rowsOf = async (serverId: string) =>
    Object.fromEntries(
      await Promise.all(
        [...TABLES, 'server_status_changes'].map(async (table) => [table, await count(table, serverId)]),
      ),
    );
  const none = { metric_minutes: 0, metric_five_minutes: 0, metric_hours: 0, server_status_changes: 0 };

  it('deletes every bucket and status change of a deleted server, and keeps its neighbour’s', async () => {
    const gone = await addServer(crew.owner, crew.network.id, 'Doomed');
    const kept = await addServer(crew.owner, crew.network.id, 'Neighbour');
    const collector = t.app.get(MetricsCollector);
    for (const server of [gone, kept]) {
      await reportAt(server.token, hourStart(2) + 1_000);
      await reportAt(server.token, hourStart(1) + 1_000);
    }
    await collector.flush();
    // A report gathered and not written yet when the server is deleted.
    await reportAt(gone.token, hourStart(0) + 1_000);
    expect(await rowsOf(gone.id)).toEqual({
      metric_minutes: 2,
      metric_five_minutes: 2,
      metric_hours: 2,
      server_status_changes: 1,
    });

    expectStatus(await crew.owner.agent.delete(`/api/servers/${gone.id}`), 200);
    await collector.flush();

    expect(await rowsOf(gone.id)).toEqual(none);
    expect(await rowsOf(kept.id)).toEqual({
      metric_minutes: 2,
      metric_five_minutes: 2,
      metric_hours: 2,
      server_status_changes: 1,
    });
  });

  it("deletes the buckets of a deleted network's servers", async () => {
    const network = await createNetwork(crew.owner, 'Short-lived');
    const servers = [
      await addServer(crew.owner, network.id, 'One'),
      await addServer(crew.owner, network.id, 'Two'),
    ];
    const elsewhere = await addServer(crew.owner, crew.network.id, 'Elsewhere');
    for (const server of [...servers, elsewhere]) await reportAt(server.token, hourStart(1) + 5_000);
    await t.app.get(MetricsCollector).flush();
    expect(await count('metric_hours', servers[1].id)).toBe(1);

    expectStatus(await crew.owner.agent.delete(`/api/networks/${network.id}`), 200);

    for (const server of servers) expect(await rowsOf(server.id)).toEqual(none);
    expect(await count('metric_minutes', elsewhere.id)).toBe(1);
  });

  it('deletes, at retention, the rows of a server that no longer exists (another instance wrote them late)', async () => {
    const live = await addServer(crew.owner, crew.network.id, 'Still here');
    await reportAt(live.token, hourStart(1) + 7_000);
    await t.app.get(MetricsCollector).flush();
    const ghost = '00000000-0000-4000-8000-00000000dead';
    const em = t.orm.em.fork();
    for (const table of TABLES)
      await em.getConnection().execute(
        `insert into ${table} (server_id, network_id, bucket_at, reports, players_sum, players_min, players_max, max_players)
          values (?, ?, ?, 1, 1, 1, 1, 10)`,
        [ghost, crew.network.id, hourStart(1)],
        'run',
      );

    const deleted = await t.app.get(MetricsRetention).purge();

    expect(deleted).toMatchObject({ metric_minutes: 1, metric_five_minutes: 1, metric_hours: 1 });
    for (const table of TABLES) {
      expect(await count(table, ghost)).toBe(0);
      expect(await count(table, live.id)).toBe(1);
    }
  });
});
