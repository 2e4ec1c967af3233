// Metrics history: heartbeats at controlled times gathered into one-minute, five-minute and hourly
// buckets (min/avg/max), parts of a bucket written by several flushes adding up, and the complete
// minutes the alert rules read.
import { MetricsQuery } from '../src/modules/metrics';
import { MetricsCollector } from '../src/modules/metrics/metrics-collector.service';
import { PluginClock } from '../src/modules/plugin/plugin-clock';
import { createWorld, type Crew } from './support/crew';
import { addServer, heartbeat, steamIdOf } from './support/plugin';
import type { TestApp } from './support';

const HOUR = 3_600_000;

describe('metrics history', () => {
  let t: TestApp;
  let crew: Crew;
  beforeAll(async () => {
    ({ t, crew } = await createWorld());
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  /** An hour's start, `hoursAgo` before the current one. */
  const hourStart = (hoursAgo: number) => Math.floor(Date.now() / HOUR) * HOUR - hoursAgo * HOUR;
  const playersOf = (count: number, from = 0) =>
    Array.from({ length: count }, (_, i) => ({ steamId: steamIdOf(from + i), name: `P${from + i}` }));
  /** A heartbeat as the game server would send it at `at`. */
  const reportAt = async (
    token: string,
    at: number,
    players: number,
    extra: Record<string, unknown> = {},
  ) => {
    jest.spyOn(t.app.get(PluginClock), 'now').mockReturnValue(new Date(at));
    await heartbeat(t, token, playersOf(players, 5000), { maxPlayers: 100, ...extra });
  };

  it('keeps min, average and max per minute, five minutes and hour', async () => {
    const server = await addServer(crew.owner, crew.network.id, 'Charted');
    const hour = hourStart(3);
    await reportAt(server.token, hour + 1_000, 2, { fps: 50, entities: 1000, memoryMb: 3000 });
    await reportAt(server.token, hour + 11_000, 4, {
      fps: 60,
      entities: 1200,
      memoryMb: 3100,
      maxPlayers: 150,
    });
    await reportAt(server.token, hour + 21_000, 6, { fps: 70, entities: 1400, memoryMb: 3200 });
    // The next minute: no FPS from this source, a queue instead.
    await reportAt(server.token, hour + 61_000, 8, { queued: 5, networkIn: 100, networkOut: 300 });
    // Ten minutes in: another five-minute bucket, the same hour.
    await reportAt(server.token, hour + 600_000, 10, { fps: 40 });
    await t.app.get(MetricsCollector).flush();
    const query = t.app.get(MetricsQuery);
    const to = new Date(hour + HOUR);

    const minutes = await query.serverPoints('minute', server.id, new Date(hour), to);
    expect(minutes.map((point) => point.at)).toEqual(
      [hour, hour + 60_000, hour + 600_000].map((at) => new Date(at).toISOString()),
    );
    expect(minutes[0]).toEqual({
      at: new Date(hour).toISOString(),
      players: { min: 2, avg: 4, max: 6 },
      maxPlayers: 150,
      queued: null,
      fps: { min: 50, avg: 60, max: 70 },
      entities: { min: 1000, avg: 1200, max: 1400 },
      memoryMb: { min: 3000, avg: 3100, max: 3200 },
      networkIn: null,
      networkOut: null,
    });
    expect(minutes[1]).toMatchObject({
      players: { min: 8, avg: 8, max: 8 },
      maxPlayers: 100,
      queued: { min: 5, avg: 5, max: 5 },
      fps: null,
      networkIn: { min: 100, avg: 100, max: 100 },
      networkOut: { min: 300, avg: 300, max: 300 },
    });

    const fives = await query.serverPoints('fiveMinutes', server.id, new Date(hour), to);
    expect(fives).toHaveLength(2);
    expect(fives[0]).toMatchObject({
      at: new Date(hour).toISOString(),
      players: { min: 2, avg: 5, max: 8 },
      maxPlayers: 150,
      queued: { min: 5, avg: 5, max: 5 },
      fps: { min: 50, avg: 60, max: 70 },
    });
    expect(fives[1]).toMatchObject({
      at: new Date(hour + 600_000).toISOString(),
      fps: { min: 40, avg: 40, max: 40 },
    });

    const hours = await query.serverPoints('hour', server.id, new Date(hour), to);
    expect(hours).toEqual([
      {
        at: new Date(hour).toISOString(),
        players: { min: 2, avg: 6, max: 10 },
        maxPlayers: 150,
        queued: { min: 5, avg: 5, max: 5 },
        fps: { min: 40, avg: 55, max: 70 },
        entities: { min: 1000, avg: 1200, max: 1400 },
        memoryMb: { min: 3000, avg: 3100, max: 3200 },
        networkIn: { min: 100, avg: 100, max: 100 },
        networkOut: { min: 300, avg: 300, max: 300 },
      },
    ]);
  });

  it('adds up the parts of one minute that several flushes wrote', async () => {
    const server = await addServer(crew.owner, crew.network.id, 'Flushed twice');
    const collector = t.app.get(MetricsCollector);
    const hour = hourStart(5);
    await reportAt(server.token, hour + 5_000, 3, { fps: 30 });
    await collector.flush();
    await reportAt(server.token, hour + 15_000, 9, { fps: 90 });
    await reportAt(server.token, hour + 25_000, 6);
    await collector.flush();
    const query = t.app.get(MetricsQuery);
    for (const size of ['minute', 'fiveMinutes', 'hour'] as const)
      expect(await query.serverPoints(size, server.id, new Date(hour), new Date(hour + HOUR))).toEqual([
        expect.objectContaining({ players: { min: 3, avg: 6, max: 9 }, fps: { min: 30, avg: 60, max: 90 } }),
      ]);
  });

  it('answers the alert rules the complete minutes only', async () => {
    const server = await addServer(crew.owner, crew.network.id, 'Watched');
    const now = Date.now();
    const minute = Math.floor(now / 60_000) * 60_000;
    await reportAt(server.token, minute - 180_000, 4, { fps: 55 });
    await reportAt(server.token, minute - 120_000, 5);
    // The current minute is still being reported.
    await reportAt(server.token, minute + 1, 7, { fps: 20 });
    await t.app.get(MetricsCollector).flush();
    const minutes = await t.app
      .get(MetricsQuery)
      .completeMinutes([server.id], new Date(minute - 600_000), new Date(minute + 1_000));
    expect(minutes).toEqual([
      {
        serverId: server.id,
        at: new Date(minute - 180_000),
        players: { min: 4, avg: 4, max: 4 },
        fps: { min: 55, avg: 55, max: 55 },
      },
      { serverId: server.id, at: new Date(minute - 120_000), players: { min: 5, avg: 5, max: 5 }, fps: null },
    ]);
  });
});
