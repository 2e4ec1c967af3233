import { createTestApp, signIn, type TestApp } from './support';
import { createNetwork } from './support/crew';
import { StatsService } from '../src/modules/stats/stats.service';

describe('GET /api/public/stats', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says a new panel has nothing yet, without a session', async () => {
    const res = await t.api.get('/api/public/stats').expect(200);
    expect(res.body).toEqual({
      success: true,
      data: { networks: 0, servers: 0, onlineServers: 0, onlinePlayers: 0, demo: null },
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
    expect(await stats.publicStats(later)).toMatchObject({ networks: 1, servers: 1, onlineServers: 0 });
  });

  it('still needs the API key', async () => {
    await t.http.get('/api/public/stats').expect(401);
  });
});
