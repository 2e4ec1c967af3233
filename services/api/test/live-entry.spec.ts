// GET /api/live is answered before Express when the request keeps to the beaten path (LiveEntry):
// the same stream with the same headers but the CSP, the same refusals (Express answers those),
// CORS as on every route; and a user's tabs share one view of their roles.
import { SessionsService } from '../src/modules/identity/sessions.service';
import { createCrew, expectStatus, joinByInvite, setRole, type Crew } from './support/crew';
import { frame, listening, openLive, type LiveClient } from './support/live-client';
import { addServer, pluginCall } from './support/plugin';
import { createTestApp, signIn, signInByMagicLink, type TestApp } from './support';

let t: TestApp;
let crew: Crew;
let base: string;
let token: string;
const aborts: AbortController[] = [];
const clients: LiveClient[] = [];

/** GET /api/live with the API key and these headers; the body is left open (closed after each test). */
const get = async (headers: Record<string, string>, query = '') => {
  const abort = new AbortController();
  aborts.push(abort);
  return fetch(`${base}/api/live${query}`, {
    headers: { 'X-API-Key': t.config.apiKey, ...headers },
    signal: abort.signal,
  });
};
const bearer = (jwt: string) => ({ Authorization: `Bearer ${jwt}` });

/** Reads the stream until it has said `text`. */
const readUntil = async (res: Response, text: string) => {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let read = '';
  while (!read.includes(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended before "${text}": ${read}`);
    read += decoder.decode(value);
  }
  return read;
};

/** The answer's headers, but those that differ on every answer. */
const headersOf = (res: Response) =>
  Object.fromEntries([...res.headers].filter(([name]) => !['date', 'keep-alive'].includes(name)));

const tab = async (jwt: string) => {
  const client = await openLive(t, { jwt });
  clients.push(client);
  expect(client.status).toBe(200);
  await client.next(frame('ready'));
  return client;
};
const consoleLine = (id: string, message: string) =>
  pluginCall(t, token, 'events', {
    events: [{ id, type: 'console', at: new Date().toISOString(), message }],
  });
const consoleEntry = (message: string) => (candidate: { event: string; data: Record<string, unknown> }) =>
  candidate.event === 'console.entry' && (candidate.data.entry as { message?: string }).message === message;

beforeAll(async () => {
  t = await createTestApp();
  crew = await createCrew(t);
  base = await listening(t);
  token = (await addServer(crew.owner, crew.network.id)).token;
});
afterEach(() => {
  for (const abort of aborts.splice(0)) abort.abort();
  for (const client of clients.splice(0)) client.close();
});
afterAll(() => t.close());

describe('the answer', () => {
  it("carries the stream's headers and helmet's protective ones, as Express answers them, but the CSP", async () => {
    const beaten = await get(bearer(crew.member.jwt));
    // A query key the beaten path does not take: Express answers this one.
    const viaExpress = await get(bearer(crew.member.jwt), '?tab=2');
    for (const res of [beaten, viaExpress]) {
      expect(res.status).toBe(200);
      expect(await readUntil(res, '\n\n')).toBe('event: ready\ndata: {"type":"ready"}\n\n');
    }
    expect(beaten.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(beaten.headers.get('x-content-type-options')).toBe('nosniff');
    expect(beaten.headers.get('content-security-policy')).toBeNull();
    expect(viaExpress.headers.get('content-security-policy')).toContain("default-src 'self'");
    const { 'content-security-policy': _csp, ...rest } = headersOf(viaExpress);
    expect(headersOf(beaten)).toEqual(rest);
  });

  it('echoes an allowed origin with credentials, and leaves a foreign one out, as on every route', async () => {
    const [allowed] = t.config.allowedOrigins;
    const res = await get({ ...bearer(crew.member.jwt), Origin: allowed });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(allowed);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('vary')).toContain('Origin');
    const foreign = await get({ ...bearer(crew.member.jwt), Origin: 'https://elsewhere.example' });
    expect(foreign.status).toBe(200);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('who is let in', () => {
  it('refuses what the guard refuses (401): no key or a wrong one, an ended session, another scheme', async () => {
    const someone = await signIn(t, { name: 'Otto Outed' });
    const cookieHolder = await signInByMagicLink(t, 'cookie-and-basic@example.com');
    expect((await get({ 'X-API-Key': '', ...bearer(someone.jwt) })).status).toBe(401);
    expect((await get({ 'X-API-Key': 'not-the-key', ...bearer(someone.jwt) })).status).toBe(401);
    // An Authorization header of another kind is read as the token, not passed over for the cookie.
    expect((await get({ Authorization: 'Basic b3R0bzpzZWNyZXQ=', Cookie: cookieHolder.cookie })).status).toBe(
      401,
    );
    expect((await get({ Cookie: 'a_session_outpost=not-a-session' })).status).toBe(401);
    await t.app.get(SessionsService).end(someone.user.id, someone.sessionId);
    expect((await get(bearer(someone.jwt))).status).toBe(401);
  });

  it('takes a bearer JWT in any case, the session cookie and X-Fallback-Cookies', async () => {
    const { cookie } = await signInByMagicLink(t, 'cookie-reader-2@example.com');
    const secret = cookie.slice(cookie.indexOf('=') + 1);
    for (const headers of [
      { Authorization: `bearer ${crew.member.jwt}` },
      { Cookie: cookie },
      { 'X-Fallback-Cookies': JSON.stringify({ a_session_outpost: secret }) },
    ] as Record<string, string>[]) {
      const res = await get(headers);
      expect(res.status).toBe(200);
      await readUntil(res, 'event: ready');
    }
  });
});

it("keeps one view of a user's roles for all their tabs: a promotion reaches every tab, a closed tab leaves the rest", async () => {
  const lena = await signIn(t, { name: 'Lena Tabs' });
  await joinByInvite(crew.owner, lena, crew.network.id);
  const [first, second] = [await tab(lena.jwt), await tab(lena.jwt)];
  first.close();
  await setRole(crew.owner, crew.network.id, lena, 'admin');
  await second.next(frame('network.changed'));
  const third = await tab(lena.jwt);
  expectStatus(await consoleLine('tabs-1', 'for every tab of an admin'), 200);
  for (const client of [second, third]) await client.next(consoleEntry('for every tab of an admin'));
  expect(first.frames.some(consoleEntry('for every tab of an admin'))).toBe(false);
});
