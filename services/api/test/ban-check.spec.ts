import { createTestApp, signIn, type TestApp } from './support';
import { createNetwork } from './support/crew';
import { addServer, heartbeat, steamIdOf } from './support/plugin';

describe('GET /api/plugin/v1/ban-check/:serverId/:signature/:steamId (Rust centralized banning)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers a network ban in Rust's shape, 404 otherwise, and never needs or reveals the token", async () => {
    const owner = await signIn(t);
    const network = await createNetwork(owner);
    const main = await addServer(owner, network.id, 'EU Main');
    const other = await addServer(owner, network.id, 'US Main');
    const cheater = { steamId: steamIdOf(1), name: 'Cheater' };
    await heartbeat(t, main.token, [cheater]);

    const server = (await owner.agent.get(`/api/servers/${other.id}`).expect(200)).body.data;
    const path: string = server.banCheckPath;
    expect(path).toMatch(new RegExp(`^/api/plugin/v1/ban-check/${other.id}/[0-9a-f]{32}/$`));
    // A token reads opsrv_<id>_<secret>, and a base64url secret may itself hold an underscore.
    const secretOf = (token: string) => token.split('_').slice(2).join('_');
    expect(path).not.toContain(secretOf(main.token));
    expect(path).not.toContain(secretOf(other.token));

    await t.http.get(`${path}${cheater.steamId}`).expect(404);
    await owner.agent
      .post(`/api/players/${cheater.steamId}/ban`)
      .send({ serverId: main.id, reason: 'Aimbot', duration: '7d' })
      .expect(201);

    // Asked through the other server of the network: the ban holds there too.
    const res = await t.http.get(`${path}${cheater.steamId}`).expect(200);
    expect(res.body).toEqual({ steamId: cheater.steamId, reason: 'Aimbot', expiryDate: expect.any(Number) });
    const days = (res.body.expiryDate * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    await t.http.get(`${path}${steamIdOf(2)}`).expect(404);
  });

  it('refuses a forged signature, and rotating the token retires the old URL', async () => {
    const owner = await signIn(t);
    const network = await createNetwork(owner);
    const server = await addServer(owner, network.id);
    const player = { steamId: steamIdOf(3), name: 'Banned' };
    await heartbeat(t, server.token, [player]);
    await owner.agent.post(`/api/players/${player.steamId}/ban`).send({ serverId: server.id }).expect(201);
    const path: string = (await owner.agent.get(`/api/servers/${server.id}`).expect(200)).body.data
      .banCheckPath;
    const permanent = await t.http.get(`${path}${player.steamId}`).expect(200);
    expect(permanent.body.expiryDate).toBe(-1);

    await t.http.get(`/api/plugin/v1/ban-check/${server.id}/${'0'.repeat(32)}/${player.steamId}`).expect(404);
    await owner.agent.post(`/api/servers/${server.id}/token`).expect(200);
    await t.http.get(`${path}${player.steamId}`).expect(404);
  });
});
