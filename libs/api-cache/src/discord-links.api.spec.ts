/**
 * @jest-environment node
 */
import { configureApiClient, DEFAULT_API_KEY, makeStore } from '@outpost/api-client';
import { json, startTestServer, type TestServer } from '@outpost/api-client/test-server';
import type { DiscordLink } from '@outpost/contracts';
import { discordLinksApi } from './discord-links.api';

const rex: DiscordLink = {
  steamId: '76561198000000001',
  discordUserId: '900000000000000031',
  discordName: 'rex',
  active: true,
  linkedAt: '2026-11-21T10:00:00.000Z',
  playerName: 'Rex',
};

let links: DiscordLink[] = [];
let api: TestServer;
const reads = (url: string) => api.requests.filter((request) => request.url === url).length;
/** Waits (up to 3 s) until `done` holds: the cache reads again on its own time. */
const until = async (done: () => boolean) => {
  for (let waited = 0; !done() && waited < 3000; waited += 25)
    await new Promise((resolve) => setTimeout(resolve, 25));
};

beforeAll(async () => {
  api = await startTestServer({
    'GET /api/networks/n1/discord/links': (req, res) => {
      const steamId = new URL(req.url, 'http://api').searchParams.get('steamId');
      json(res, 200, { success: true, data: links.filter((link) => !steamId || link.steamId === steamId) });
    },
    [`DELETE /api/networks/n1/discord/links/${rex.steamId}`]: (_req, res) => {
      links = links.filter((link) => link.steamId !== rex.steamId);
      json(res, 200, { success: true, data: null });
    },
  });
  configureApiClient({ baseUrl: api.url, apiKey: DEFAULT_API_KEY });
});

afterAll(async () => {
  configureApiClient({ baseUrl: '' });
  await api.close();
});

beforeEach(() => {
  api.requests.length = 0;
  links = [rex];
});

describe("players' Discord links", () => {
  it("read a network's links, or one player's with ?steamId=", async () => {
    const store = makeStore();
    const { getDiscordLinks } = discordLinksApi.endpoints;
    const all = await store.dispatch(getDiscordLinks.initiate({ networkId: 'n1' }));
    const one = await store.dispatch(getDiscordLinks.initiate({ networkId: 'n1', steamId: rex.steamId }));
    expect(all.data).toEqual([rex]);
    expect(one.data).toEqual([rex]);
    expect(api.requests.map((request) => request.url)).toEqual([
      '/api/networks/n1/discord/links',
      `/api/networks/n1/discord/links?steamId=${rex.steamId}`,
    ]);
  });

  it("removed on either screen, are read again by both: the network's list and the player's profile", async () => {
    const store = makeStore();
    const { getDiscordLinks, deleteDiscordLink } = discordLinksApi.endpoints;
    const list = store.dispatch(getDiscordLinks.initiate({ networkId: 'n1' }));
    const profile = store.dispatch(getDiscordLinks.initiate({ networkId: 'n1', steamId: rex.steamId }));
    await Promise.all([list, profile]);
    await store.dispatch(deleteDiscordLink.initiate({ networkId: 'n1', steamId: rex.steamId }));
    await until(() => api.requests.length >= 5);
    expect(reads('/api/networks/n1/discord/links')).toBe(2);
    expect(reads(`/api/networks/n1/discord/links?steamId=${rex.steamId}`)).toBe(2);
    // Asked again, the cache answers what it read after the removal.
    const { data } = await store.dispatch(
      getDiscordLinks.initiate({ networkId: 'n1', steamId: rex.steamId }),
    );
    expect(data).toEqual([]);
  });
});
