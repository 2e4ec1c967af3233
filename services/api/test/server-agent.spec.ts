import { createTestApp, type TestApp } from './support';
import { createCrew, expectStatus, type Crew } from './support/crew';
import { addServer, pluginCall } from './support/plugin';

// What a server reports through: outpost-bridge names itself and its version in the heartbeat's
// User-Agent; the server page's data carries it, with the address it reports from and whether it
// is older than the panel (0.1.0 in these tests), to those who manage servers only.

const beat = (t: TestApp, token: string, userAgent?: string) => {
  const call = pluginCall(t, token, 'heartbeat', { maxPlayers: 100, map: 'Procedural Map', players: [] });
  return userAgent ? call.set('User-Agent', userAgent) : call;
};

describe('GET /api/servers/:id (the agent it reports through)', () => {
  let t: TestApp;
  let crew: Crew;
  let server: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    crew = await createCrew(t);
    server = await addServer(crew.owner, crew.network.id);
  });
  afterAll(() => t.close());

  const agentAs = async (actor: 'owner' | 'admin' | 'member') => {
    const res = expectStatus(await crew[actor].agent.get(`/api/servers/${server.id}`), 200);
    return (res.body as { data: { agent?: unknown } }).data.agent;
  };

  it('is null before any heartbeat named one', async () => {
    expect(await agentAs('owner')).toBeNull();
  });

  it('shows outpost-bridge, its version and address to managers, warning that it is older than the panel', async () => {
    expectStatus(await beat(t, server.token, 'outpost-bridge/0.0.9'), 200);
    const agent = {
      name: 'outpost-bridge',
      version: '0.0.9',
      address: expect.stringMatching(/127\.0\.0\.1$|^::1$/),
      olderThanPanel: '0.1.0',
    };
    expect(await agentAs('owner')).toEqual(agent);
    expect(await agentAs('admin')).toEqual(agent);
    expect(await agentAs('member')).toBeUndefined();
  });

  it('follows a new version: the same as the panel is not older', async () => {
    expectStatus(await beat(t, server.token, 'outpost-bridge/0.1.0'), 200);
    expect(await agentAs('owner')).toMatchObject({ version: '0.1.0', olderThanPanel: null });
  });

  it('goes back to null when the server reports through a plugin instead', async () => {
    expectStatus(await beat(t, server.token, 'Oxide.Ext.Outpost/1.0'), 200);
    expect(await agentAs('owner')).toBeNull();
  });

  it('is not written by a heartbeat whose token is refused', async () => {
    expectStatus(await beat(t, `${server.token}x`, 'outpost-bridge/9.9.9'), 401);
    expect(await agentAs('owner')).toBeNull();
  });
});
