/**
 * @jest-environment node
 */
import { configureApiClient, DEFAULT_API_KEY, liveEventReceived, makeStore } from '@outpost/api-client';
import { json, startTestServer, type TestServer } from '@outpost/api-client/test-server';
import type { LiveEvent, Server } from '@outpost/contracts';
import { LIVE_INVALIDATE_COALESCE_MS } from './live';
import { networksApi } from './networks.api';

const server = (status: Server['status']): Server =>
  ({
    id: 's1',
    name: 'EU Main',
    networkId: 'n1',
    status,
    playerCount: 12,
    maxPlayers: 100,
    lastSeenAt: '2026-11-25T09:00:00.000Z',
  }) as Server;

const status = (changes: Partial<Extract<LiveEvent, { type: 'server.status' }>>): LiveEvent => ({
  type: 'server.status',
  networkId: 'n1',
  serverId: 's1',
  status: 'online',
  playerCount: 30,
  maxPlayers: 50,
  at: '2026-11-25T10:00:00.000Z',
  ...changes,
});

let api: TestServer;
const reads = (url: string) => api.requests.filter((request) => request.url === url).length;
const settle = () => new Promise((resolve) => setTimeout(resolve, LIVE_INVALIDATE_COALESCE_MS + 100));

beforeAll(async () => {
  api = await startTestServer({
    'GET /api/networks/n1': (_req, res) =>
      json(res, 200, { success: true, data: { id: 'n1', name: 'Rust EU' } }),
    'GET /api/servers/network/n1': (_req, res) => json(res, 200, { success: true, data: [server('online')] }),
    'GET /api/servers/s1': (_req, res) => json(res, 200, { success: true, data: server('online') }),
    'GET /api/networks/n1/members': (_req, res) => json(res, 200, { success: true, data: [{ id: 'm1' }] }),
  });
  configureApiClient({ baseUrl: api.url, apiKey: DEFAULT_API_KEY });
});

afterAll(async () => {
  configureApiClient({ baseUrl: '' });
  await api.close();
});

beforeEach(() => {
  api.requests.length = 0;
});

describe('the network, its servers and its members', () => {
  it('are read once for every screen that asks', async () => {
    const store = makeStore();
    const { endpoints } = networksApi;
    const [network, , servers, , members] = await Promise.all([
      store.dispatch(endpoints.getNetwork.initiate('n1')),
      store.dispatch(endpoints.getNetwork.initiate('n1')),
      store.dispatch(endpoints.getNetworkServers.initiate('n1')),
      store.dispatch(endpoints.getNetworkServers.initiate('n1')),
      store.dispatch(endpoints.getNetworkMembers.initiate('n1')),
      store.dispatch(endpoints.getNetworkMembers.initiate('n1')),
    ]);
    expect(network.data).toEqual({ id: 'n1', name: 'Rust EU' });
    expect(servers.data).toEqual([server('online')]);
    expect(members.data).toEqual([{ id: 'm1' }]);
    expect(api.requests.map((request) => request.url).sort()).toEqual([
      '/api/networks/n1',
      '/api/networks/n1/members',
      '/api/servers/network/n1',
    ]);
  });

  it("take a server's live status into the server and the network's list, without reading them again", async () => {
    const store = makeStore();
    await store.dispatch(networksApi.endpoints.getServer.initiate('s1'));
    await store.dispatch(networksApi.endpoints.getNetworkServers.initiate('n1'));
    store.dispatch(liveEventReceived(status({})));
    const expected = {
      status: 'online',
      playerCount: 30,
      maxPlayers: 50,
      lastSeenAt: '2026-11-25T10:00:00.000Z',
    };
    // Asked again, the cache answers what it holds.
    const { data: patched } = await store.dispatch(networksApi.endpoints.getServer.initiate('s1'));
    const { data: list } = await store.dispatch(networksApi.endpoints.getNetworkServers.initiate('n1'));
    expect(patched).toMatchObject(expected);
    expect(list?.[0]).toMatchObject(expected);
    await settle();
    expect(reads('/api/servers/s1')).toBe(1);
    expect(reads('/api/servers/network/n1')).toBe(1);
  });

  it('read the server again when its status changes (its hostname, map and uptime come with the read)', async () => {
    const store = makeStore();
    await store.dispatch(networksApi.endpoints.getServer.initiate('s1'));
    store.dispatch(liveEventReceived(status({ status: 'offline', playerCount: 0 })));
    await settle();
    expect(reads('/api/servers/s1')).toBe(2);
  });

  it('are read again when the network changes', async () => {
    const store = makeStore();
    const { endpoints } = networksApi;
    await store.dispatch(endpoints.getNetwork.initiate('n1'));
    await store.dispatch(endpoints.getNetworkServers.initiate('n1'));
    await store.dispatch(endpoints.getNetworkMembers.initiate('n1'));
    store.dispatch(liveEventReceived({ type: 'network.changed', networkId: 'n1' }));
    await settle();
    expect(reads('/api/networks/n1')).toBe(2);
    expect(reads('/api/servers/network/n1')).toBe(2);
    expect(reads('/api/networks/n1/members')).toBe(2);
  });
});
