// GET /api/servers/{id}/metrics and GET /api/networks/{id}/metrics: the role matrix, bad input,
// CSV, uptime and outages from the status history, the network's real peak, and retention (on a
// Premium network).
import type { NetworkMetrics, ServerMetrics } from '@outpost/contracts';
import { MetricsQuery, MetricsRetention } from '../src/modules/metrics';
import { MetricsCollector } from '../src/modules/metrics/metrics-collector.service';
import { OfflineSweepService } from '../src/modules/plugin/offline-sweep.service';
import { PluginClock } from '../src/modules/plugin/plugin-clock';
import { ACTORS, agentOf, createWorld, expectStatus, statusesFor, type Crew } from './support/crew';
import { setPlan } from './support/plans';
import { addServer, heartbeat, steamIdOf } from './support/plugin';
import type { TestApp } from './support';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('metrics routes', () => {
  let t: TestApp;
  let crew: Crew;
  let serverId: string;
  let token: string;
  beforeAll(async () => {
    ({ t, crew } = await createWorld());
    // Every range and the CSV export; what Free gets is test/plans.spec.ts's.
    await setPlan(t, crew.owner.user.id, 'premium');
    ({ id: serverId, token } = await addServer(crew.owner, crew.network.id, 'Metered'));
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const at = (ms: number) => jest.spyOn(t.app.get(PluginClock), 'now').mockReturnValue(new Date(ms));
  const players = (count: number, from: number) =>
    Array.from({ length: count }, (_, i) => ({ steamId: steamIdOf(from + i), name: `M${from + i}` }));

  for (const [route, path] of [
    ['GET /api/servers/{id}/metrics', () => `/api/servers/${serverId}/metrics`],
    ['GET /api/networks/{id}/metrics', () => `/api/networks/${crew.network.id}/metrics`],
  ] as const)
    describe(route, () => {
      const expected = statusesFor('network.view');
      it.each(ACTORS)('answers %s as the role matrix says', async (actor) => {
        const res = await agentOf(t, crew, actor).get(path());
        expect(res.status).toBe(expected[actor]);
        // Without a range: a network's day; a server that never reported, the last hour (it fits).
        const range = route.startsWith('GET /api/servers') ? '1h' : '24h';
        if (res.status === 200) expect(res.body.data).toMatchObject({ range, resolutionSeconds: 60 });
      });

      it('answers each range in its resolution', async () => {
        for (const [range, seconds] of [
          ['1h', 60],
          ['24h', 60],
          ['7d', 300],
          ['30d', 3600],
        ] as const) {
          const res = expectStatus(await crew.member.agent.get(`${path()}?range=${range}`), 200);
          expect(res.body.data).toMatchObject({ range, resolutionSeconds: seconds });
        }
      });

      it('refuses a range it does not know with 400 naming range', async () => {
        for (const range of ['2h', '', '24H']) {
          const res = expectStatus(await crew.owner.agent.get(`${path()}?range=${range}`), 400);
          expect(res.body).toMatchObject({
            success: false,
            error: 'range must be one of 1h, 24h, 7d, 30d',
            details: [{ field: 'range', message: 'range must be one of 1h, 24h, 7d, 30d' }],
          });
        }
      });

      it('answers CSV with a header row and a file name', async () => {
        const res = expectStatus(await crew.member.agent.get(`${path()}?format=csv&range=1h`), 200);
        expect(res.headers['content-type']).toMatch(/^text\/csv/);
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+-1h\.csv"$/);
        expect(res.text.split('\r\n')[0]).toMatch(/^at,/);
      });
    });

  it('404s an unknown server and network', async () => {
    expectStatus(await crew.owner.agent.get('/api/servers/nope/metrics'), 404);
    expectStatus(await crew.owner.agent.get('/api/networks/nope/metrics'), 404);
  });

  it("answers each bucket's figures: min, mean to two places and max, null where none was reported", async () => {
    // A network of its own: the network's figures the other tests check stay theirs.
    const network = expectStatus(await crew.owner.agent.post('/api/networks').send({ name: 'Figures' }), 201)
      .body.data as { id: string };
    const { id, token: own } = await addServer(crew.owner, network.id, 'Figures');
    const start = Math.floor((Date.now() - 2 * HOUR) / MINUTE) * MINUTE;
    const figures = [
      { fps: 59.9, entities: 120_401, memoryMb: 8123.5, queued: 2, networkIn: 10_240 },
      { fps: 61.3, entities: 120_410, memoryMb: 8100, queued: 0, networkIn: 20_000 },
      { fps: 30.05, entities: 120_399, memoryMb: 8150.25, queued: 7, networkIn: 5 },
    ];
    for (const [i, extra] of figures.entries()) {
      at(start + i * 10_000);
      await heartbeat(t, own, players(i + 1, 400), extra);
    }
    at(start + 5 * MINUTE);
    await heartbeat(t, own, players(4, 400));
    await t.app.get(MetricsCollector).flush();
    jest.restoreAllMocks();

    for (const [range, size] of [
      ['24h', 'minute'],
      ['7d', 'fiveMinutes'],
      ['30d', 'hour'],
    ] as const) {
      const answer = expectStatus(
        await crew.owner.agent.get(`/api/servers/${id}/metrics?range=${range}`),
        200,
      ).body.data as ServerMetrics;
      const read = await t.app
        .get(MetricsQuery)
        .serverPoints(size, id, new Date(answer.from), new Date(answer.to));
      expect(answer.points).toEqual(read);
      expect(answer.points.length).toBeGreaterThan(0);
    }
    const [first, second] = (
      expectStatus(await crew.owner.agent.get(`/api/servers/${id}/metrics?range=24h`), 200).body
        .data as ServerMetrics
    ).points;
    expect(first).toEqual({
      at: new Date(start).toISOString(),
      players: { min: 1, avg: 2, max: 3 },
      maxPlayers: 100,
      queued: { min: 0, avg: 3, max: 7 },
      fps: { min: 30.05, avg: 50.42, max: 61.3 },
      entities: { min: 120_399, avg: 120_403.33, max: 120_410 },
      memoryMb: { min: 8100, avg: 8124.58, max: 8150.25 },
      networkIn: { min: 5, avg: 10_081.67, max: 20_000 },
      networkOut: null,
    });
    expect(second).toMatchObject({ players: { min: 4, avg: 4, max: 4 }, fps: null, networkIn: null });
  });

  it("shows a server's outage and its uptime from its status changes, and the network's real peak", async () => {
    const other = await addServer(crew.owner, crew.network.id, 'Metered too');
    const now = Date.now();
    const start = Math.floor((now - 3 * HOUR) / MINUTE) * MINUTE;
    // Reports every 10 s for 10 minutes, silent 20 minutes (set offline), then back.
    for (let ms = 0; ms <= 10 * MINUTE; ms += 10_000) {
      at(start + ms);
      await heartbeat(t, token, players(3, 100));
      await heartbeat(t, other.token, players(5, 200));
    }
    at(start + 10 * MINUTE + 31_000);
    await t.app.get(OfflineSweepService).sweep();
    at(start + 30 * MINUTE);
    await heartbeat(t, token, players(8, 300));
    await heartbeat(t, other.token, players(5, 200));
    await t.app.get(MetricsCollector).flush();

    const res = expectStatus(await crew.member.agent.get(`/api/servers/${serverId}/metrics?range=24h`), 200);
    const metrics = res.body.data as ServerMetrics;
    expect(metrics.outages).toEqual([
      { from: new Date(start + 10 * MINUTE).toISOString(), to: new Date(start + 30 * MINUTE).toISOString() },
    ]);
    const span = new Date(metrics.to).getTime() - start;
    expect(metrics.uptimePercent).toBeCloseTo(Math.round(((span - 20 * MINUTE) / span) * 1000) / 10, 1);
    expect(metrics.points[0]).toMatchObject({
      at: new Date(start).toISOString(),
      players: { min: 3, avg: 3, max: 3 },
    });
    expect(metrics.points.at(-1)).toMatchObject({ players: { min: 8, avg: 8, max: 8 } });

    // The last hour: no reports, online all along (back since before it).
    const hour = expectStatus(await crew.member.agent.get(`/api/servers/${serverId}/metrics?range=1h`), 200)
      .body.data as ServerMetrics;
    expect(hour).toMatchObject({ points: [], outages: [], uptimePercent: 100 });

    const network = expectStatus(await crew.member.agent.get(`/api/networks/${crew.network.id}/metrics`), 200)
      .body.data as NetworkMetrics;
    expect(network.peakPlayers).toBe(13);
    expect(network.peakAt).toBe(new Date(start + 30 * MINUTE).toISOString());
    expect(network.players[0]).toEqual({ at: new Date(start).toISOString(), players: 8, peak: 8 });
    expect(network).toMatchObject({ onlineServers: 2, offlineServers: 0 });
    expect(network.servers.find((s) => s.serverId === serverId)?.outages).toEqual(metrics.outages);

    const csv = expectStatus(
      await crew.member.agent.get(`/api/networks/${crew.network.id}/metrics?format=csv`),
      200,
    ).text.split('\r\n');
    expect(csv[0]).toBe('at,players,peak');
    expect(csv[1]).toBe(`${new Date(start).toISOString()},8,8`);
  });

  it('reads the range that fits a server without one, and says over what span its uptime is', async () => {
    const network = expectStatus(await crew.owner.agent.post('/api/networks').send({ name: 'Young' }), 201)
      .body.data as { id: string };
    const young = await addServer(crew.owner, network.id, 'Young');
    const old = await addServer(crew.owner, network.id, 'Old');
    const now = Date.now();
    // Young first reported 21 minutes ago; Old 25 hours ago.
    at(now - 21 * MINUTE);
    await heartbeat(t, young.token, players(2, 500));
    at(now - 25 * HOUR);
    await heartbeat(t, old.token, players(2, 600));
    // Both report now (an older last report could be swept offline while the test reads).
    jest.restoreAllMocks();
    await heartbeat(t, old.token, players(2, 600));
    await heartbeat(t, young.token, players(2, 500));
    const read = async (id: string, query = '') =>
      expectStatus(await crew.owner.agent.get(`/api/servers/${id}/metrics${query}`), 200).body
        .data as ServerMetrics;

    const fresh = await read(young.id);
    expect(fresh).toMatchObject({ range: '1h', uptimePercent: 100 });
    expect(fresh.uptimeSince).toBe(new Date(now - 21 * MINUTE).toISOString());
    // Asked for a day, its uptime still covers the 21 minutes it has reported.
    const day = await read(young.id, '?range=24h');
    expect(day).toMatchObject({ range: '24h', uptimeSince: fresh.uptimeSince });
    // Old has reported for more than a day: a day, its uptime over all of it.
    const older = await read(old.id);
    expect(older.range).toBe('24h');
    expect(older.uptimeSince).toBe(older.from);
    // A CSV without a range is named after the range it holds.
    const csv = expectStatus(await crew.owner.agent.get(`/api/servers/${young.id}/metrics?format=csv`), 200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="metrics-${young.id}-1h.csv"`);
    const networkUptime = (
      expectStatus(await crew.owner.agent.get(`/api/networks/${network.id}/metrics`), 200).body
        .data as NetworkMetrics
    ).servers.find((s) => s.serverId === young.id);
    expect(networkUptime?.uptimeSince).toBe(fresh.uptimeSince);
  });

  it('deletes exactly the rows past their retention', async () => {
    const em = t.orm.em.fork();
    const now = Date.now();
    const insert = (table: string, bucketAt: number) =>
      em.getConnection().execute(
        `insert into ${table} (server_id, network_id, bucket_at, reports, players_sum, players_min, players_max, max_players)
            values (?, ?, ?, 1, 1, 1, 1, 10)`,
        [serverId, crew.network.id, bucketAt],
        'run',
      );
    const purge = t.app.get(MetricsRetention);
    await purge.purge(new Date(now));
    await insert('metric_minutes', now - 48 * HOUR - MINUTE);
    await insert('metric_minutes', now - 47 * HOUR);
    await insert('metric_five_minutes', now - 15 * 24 * HOUR);
    await insert('metric_five_minutes', now - 13 * 24 * HOUR);
    await insert('metric_hours', now - 366 * 24 * HOUR);
    await insert('metric_hours', now - 364 * 24 * HOUR);
    expect(await purge.purge(new Date(now))).toEqual({
      metric_minutes: 1,
      metric_five_minutes: 1,
      metric_hours: 1,
      server_status_changes: 0,
    });
  });
});
