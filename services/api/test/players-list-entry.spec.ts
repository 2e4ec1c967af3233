// GET /api/players is answered before Express on the beaten path (PlayersListEntry): the same page
// as Express answers for every role, with the same headers but the CSP and the ETag; whatever it
// does not take (no token, a cookie, a non-member, bad input, a foreign Origin, a wrong key) Express
// answers as before.
import { PlayersListEntry } from '../src/modules/players/players-list-entry';
import { SessionsService } from '../src/modules/identity/sessions.service';
import { createCrew, type Crew } from './support/crew';
import { listening } from './support/live-client';
import { addServer, pluginCall } from './support/plugin';
import { createTestApp, signIn, signInByMagicLink, type TestApp } from './support';

let t: TestApp;
let crew: Crew;
let base: string;
let entry: PlayersListEntry;

const bearer = (jwt: string) => ({ Authorization: `Bearer ${jwt}` });
const get = (query: string, headers: Record<string, string>) =>
  fetch(`${base}/api/players?${query}`, { headers: { 'X-API-Key': t.config.apiKey, ...headers } });
/** The same request answered by Express (the entry stepped aside), for comparison. */
const viaExpress = async (query: string, headers: Record<string, string>) => {
  entry.enabled = false;
  try {
    return await get(query, headers);
  } finally {
    entry.enabled = true;
  }
};
/** The answer's headers, but those that differ on every answer. */
const headersOf = (res: Response) =>
  Object.fromEntries([...res.headers].filter(([name]) => !['date', 'keep-alive'].includes(name)));

beforeAll(async () => {
  t = await createTestApp();
  crew = await createCrew(t);
  base = await listening(t);
  entry = t.app.get(PlayersListEntry);
  const { token } = await addServer(crew.owner, crew.network.id);
  const players = Array.from({ length: 3 }, (_, i) => ({
    steamId: `7656119800000000${i}`,
    name: `Entry Player ${i}`,
    ip: `203.0.113.${10 + i}`,
    ping: 40,
    connectedSeconds: 60,
  }));
  expect((await pluginCall(t, token, 'heartbeat', { maxPlayers: 50, players })).status).toBe(200);
});
afterAll(() => t.close());

describe('the answer on the beaten path', () => {
  const query = () =>
    new URLSearchParams({ networkId: crew.network.id, sortBy: 'displayName', sortOrder: 'asc' }).toString();

  it.each(['owner', 'admin', 'moderator', 'member', 'demo'] as const)(
    "is Express's page for the %s, with its headers but the CSP and the ETag",
    async (role) => {
      const [beaten, express] = [
        await get(query(), bearer(crew[role].jwt)),
        await viaExpress(query(), bearer(crew[role].jwt)),
      ];
      expect(beaten.status).toBe(200);
      expect(express.status).toBe(200);
      const page = (await beaten.json()) as {
        data: { players: { displayName: string; ipAddress?: string | null }[] };
      };
      expect(page).toEqual(await express.json());
      expect(page.data.players.map((player: { displayName: string }) => player.displayName)).toEqual([
        'Entry Player 0',
        'Entry Player 1',
        'Entry Player 2',
      ]);
      // Addresses only for those who may see them, whichever way it is answered.
      const seesIp = ['owner', 'admin', 'moderator'].includes(role);
      expect(page.data.players[0].ipAddress ?? null).toBe(seesIp ? '203.0.113.10' : null);
      expect(express.headers.get('etag')).not.toBeNull();
      expect(express.headers.get('content-security-policy')).toContain("default-src 'self'");
      const { 'content-security-policy': _csp, etag: _etag, ...rest } = headersOf(express);
      expect(headersOf(beaten)).toEqual(rest);
    },
  );

  it('echoes an allowed origin with credentials, as on every route', async () => {
    const [allowed] = t.config.allowedOrigins;
    const res = await get(query(), { ...bearer(crew.member.jwt), Origin: allowed });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('access-control-allow-origin')).toBe(allowed);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
  });
});

describe('what it leaves to Express, answered as before', () => {
  const query = (extra: Record<string, string> = {}) =>
    new URLSearchParams({ networkId: crew.network.id, ...extra }).toString();

  it('a non-member and an unknown network: 404, as for a network that does not exist', async () => {
    const res = await get(query(), bearer(crew.outsider.jwt));
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toBe('Network not found');
    const unknown = await get('networkId=00000000-0000-4000-8000-000000000000', bearer(crew.owner.jwt));
    expect(unknown.status).toBe(404);
  });

  it('no token, a wrong key, an ended session, a session cookie (this route takes the bearer JWT): 401', async () => {
    expect((await get(query(), {})).status).toBe(401);
    expect((await get(query(), { ...bearer(crew.member.jwt), 'X-API-Key': 'not-the-key' })).status).toBe(401);
    const { cookie } = await signInByMagicLink(t, 'players-entry-cookie@example.com');
    expect((await get(query(), { Cookie: cookie })).status).toBe(401);
    const leaving = await signIn(t, { name: 'Lou Leaving' });
    await t.app.get(SessionsService).end(leaving.user.id, leaving.sessionId);
    expect((await get(query(), bearer(leaving.jwt))).status).toBe(401);
  });

  it('bad input: 400 naming the field, a repeated key, a NUL', async () => {
    const bad = await get(query({ sortOrder: 'sideways' }), bearer(crew.owner.jwt));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { details?: { field: string }[] }).details?.[0]?.field ?? '').toBe(
      'sortOrder',
    );
    const repeated = await get(`${query()}&page=1&page=2`, bearer(crew.owner.jwt));
    expect(repeated.status).toBe(400);
    const nul = await get(`${query()}&search=a%00b`, bearer(crew.owner.jwt));
    expect(nul.status).toBe(400);
  });

  it('a foreign Origin gets no CORS grant, as on every route', async () => {
    const res = await get(query(), { ...bearer(crew.member.jwt), Origin: 'https://elsewhere.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    // Express answered it.
    expect(res.headers.get('etag')).not.toBeNull();
  });
});
