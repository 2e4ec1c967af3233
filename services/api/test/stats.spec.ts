import { createTestApp, signIn, type TestApp } from './support';
import { createNetwork } from './support/crew';
import { addServer, heartbeat, steamIdOf } from './support/plugin';
import { StatsService } from '../src/modules/stats/stats.service';

describe('GET /api/public/stats, by default (PUBLIC_STATS off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps the panel’s totals to itself, even with servers reporting', async () => {
    const owner = await signIn(t);
    const network = await createNetwork(owner);
    const server = await addServer(owner, network.id, 'Private');
    await heartbeat(t, server.token, [{ steamId: steamIdOf(1), name: 'Rex' }]);
    const res = await t.api.get('/api/public/stats').expect(200);
    expect(res.body).toEqual({ success: true, data: { totals: null, demo: null } });
    expect(await t.app.get(StatsService).publicStats(Date.now() + 31_000)).toEqual({
      totals: null,
      demo: null,
    });
  });
});

describe('GET /api/public/stats with PUBLIC_STATS on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_STATS: 'on' } });
  });
  afterAll(() => t.close());

  it('says a new panel has nothing yet, without a session', async () => {
    const res = await t.api.get('/api/public/stats').expect(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        totals: { networks: 0, servers: 0, onlineServers: 0, players: 0, onlinePlayers: 0 },
        demo: null,
      },
    });
    expect(res.headers['cache-control']).toBe('public, max-age=30');
  });

  it('counts networks and servers for real, refreshed after the cache time', async () => {
    const owner = await signIn(t);
    const network = await createNetwork(owner);
    await owner.agent
      .post(`/api/servers/network/${network.id}`)
      .send({ name: 'EU Main', connectionAddress: '203.0.113.10:28015' })
      .expect(201);
    const stats = t.app.get(StatsService);
    const later = Date.now() + 31_000;
    expect((await stats.publicStats(later)).totals).toMatchObject({
      networks: 1,
      servers: 1,
      onlineServers: 0,
      players: 0,
    });
  });

  it('counts the players the servers reported, and those online now', async () => {
    const owner = await signIn(t);
    const network = await createNetwork(owner);
    const server = await addServer(owner, network.id, 'Reporting');
    await heartbeat(t, server.token, [
      { steamId: steamIdOf(1), name: 'Rex' },
      { steamId: steamIdOf(2), name: 'Ada' },
    ]);
    await heartbeat(t, server.token, [{ steamId: steamIdOf(1), name: 'Rex' }]);
    const stats = await t.app.get(StatsService).publicStats(Date.now() + 62_000);
    expect(stats.totals).toEqual({ networks: 2, servers: 2, onlineServers: 1, players: 2, onlinePlayers: 1 });
  });

  it('still needs the API key', async () => {
    await t.http.get('/api/public/stats').expect(401);
  });
});
