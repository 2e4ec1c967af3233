// POST /api/plugin/v1/heartbeat is answered before Express when it comes as plugins send it
// (HeartbeatEntry): the same answers and refusals as Express gives, in the same words, statuses
// and headers (but the CSP and the ETag); what it does not take (a compressed body, a body past
// the limit, another content type, a query) Express answers as before.
import { gzipSync } from 'node:zlib';
import { PLUGIN_RATE_LIMIT } from '../src/modules/plugin/plugin-auth.guard';
import { HeartbeatEntry } from '../src/modules/plugin/heartbeat-entry';
import { createCrew, expectStatus, type Crew } from './support/crew';
import { listening } from './support/live-client';
import { addServer, steamIdOf, type FakePlayer } from './support/plugin';
import { createTestApp, type TestApp } from './support';

let t: TestApp;
let crew: Crew;
let base: string;
let entry: HeartbeatEntry;

type Answer = { status: number; headers: Record<string, string>; body: unknown };

/** A heartbeat as a plugin sends it: `body` as JSON text (or the bytes given), the token as bearer. */
const send = async (token: string, body: unknown, headers: Record<string, string> = {}, path = '') => {
  const res = await fetch(`${base}/api/plugin/v1/heartbeat${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body),
  });
  const text = await res.text();
  const answered = Object.fromEntries(
    [...res.headers].filter(([name]) => !['date', 'keep-alive', 'content-length'].includes(name)),
  );
  return { status: res.status, headers: answered, body: text ? (JSON.parse(text) as unknown) : null };
};
/** The same request answered by Express (the entry stepped aside). */
const viaExpress = async (...args: Parameters<typeof send>): Promise<Answer> => {
  entry.enabled = false;
  try {
    return await send(...args);
  } finally {
    entry.enabled = true;
  }
};
/** Express's answer but its CSP and ETag, which the entry leaves out. */
const expressLike = ({ headers, ...answer }: Answer): Answer => {
  const { 'content-security-policy': _csp, etag: _etag, ...rest } = headers;
  return { ...answer, headers: rest };
};

const playersOf = (count: number, from = 0): FakePlayer[] =>
  Array.from({ length: count }, (_, i) => ({
    steamId: steamIdOf(from + i),
    name: `Entry ${from + i}`,
    ip: `203.0.113.${from + i + 1}`,
  }));
const beat = (players = playersOf(2)) => ({ maxPlayers: 100, map: 'Procedural Map', players });

beforeAll(async () => {
  t = await createTestApp();
  crew = await createCrew(t);
  base = await listening(t);
  entry = t.app.get(HeartbeatEntry);
});
afterAll(() => t.close());

it('answers a heartbeat as Express does: the commands to deliver, with its headers but the CSP and the ETag', async () => {
  const { token } = await addServer(crew.owner, crew.network.id, 'Entry Full');
  const beaten = await send(token, beat());
  expect(beaten.status).toBe(200);
  expect(beaten.body).toEqual({ success: true, data: { commands: [], nextHeartbeatSeconds: 10 } });
  expect(beaten.headers['content-security-policy']).toBeUndefined();
  expect(beaten.headers.etag).toBeUndefined();
  const express = await viaExpress(token, beat());
  expect(express.headers['content-security-policy']).toContain("default-src 'self'");
  expect(beaten).toEqual(expressLike(express));
  // A steady one (the same players again) through the entry: the same answer.
  expect(await send(token, beat())).toEqual(beaten);
});

it('delivers a queued command and stores the roster, as the route does', async () => {
  const server = await addServer(crew.owner, crew.network.id, 'Entry Kick');
  const [rex] = playersOf(1);
  expect((await send(server.token, beat([rex]))).status).toBe(200);
  expectStatus(
    await crew.owner.agent
      .post(`/api/players/${rex.steamId}/kick`)
      .send({ serverId: server.id, reason: 'Entry test' }),
    201,
  );
  const answer = await send(server.token, beat([rex]));
  expect(answer.status).toBe(200);
  const { commands } = (answer.body as { data: { commands: { type: string; steamId: string }[] } }).data;
  expect(commands).toMatchObject([{ type: 'kick', steamId: rex.steamId }]);
  const players = expectStatus(
    await crew.owner.agent.get('/api/players').query({ networkId: crew.network.id, serverId: server.id }),
    200,
  ).body.data.players as { steamId: string; status: string }[];
  expect(players.map(({ steamId, status }) => ({ steamId, status }))).toEqual([
    { steamId: rex.steamId, status: 'online' },
  ]);
});

it('refuses as Express refuses: a wrong token, bad JSON, an unknown field, a steamId twice, a NUL', async () => {
  const { token } = await addServer(crew.owner, crew.network.id, 'Entry Refusals');
  const [one] = playersOf(1);
  const cases: [string, unknown][] = [
    [`${token}x`, beat()],
    [token, '{"maxPlayers": 100, "players": ['],
    [token, '"a string"'],
    [token, { ...beat(), color: 'red' }],
    [token, beat([one, one])],
    [token, beat([{ ...one, name: 'Rex\u0000' }])],
    ['not-a-token', beat()],
  ];
  for (const [caller, body] of cases) {
    const beaten = await send(caller, body);
    expect(beaten.status).toBeGreaterThanOrEqual(400);
    expect({ body, answer: beaten }).toEqual({ body, answer: expressLike(await viaExpress(caller, body)) });
  }
});

it('counts the per-server rate limit, and answers 429 with Retry-After as Express does', async () => {
  const { token } = await addServer(crew.owner, crew.network.id, 'Entry Chatty');
  let last: Answer | null = null;
  for (let i = 0; i <= PLUGIN_RATE_LIMIT.requests; i += 1) last = await send(token, beat());
  expect(last!.status).toBe(429);
  expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  expect(last).toEqual(expressLike(await viaExpress(token, beat())));
});

it('leaves to Express what does not come as plugins send it, answered as before', async () => {
  const { token } = await addServer(crew.owner, crew.network.id, 'Entry Others');
  const gzipped = await send(token, gzipSync(JSON.stringify(beat())), { 'Content-Encoding': 'gzip' });
  expect(gzipped.status).toBe(200);
  expect(gzipped.headers.etag).toBeDefined();
  const withQuery = await send(token, beat(), {}, '?via=test');
  expect(withQuery.status).toBe(200);
  expect(withQuery.headers.etag).toBeDefined();
  const tooLarge = await send(token, JSON.stringify({ ...beat(), padding: 'x'.repeat(300 * 1024) }));
  expect(tooLarge.status).toBe(413);
  const form = await send(token, 'maxPlayers=1', { 'Content-Type': 'application/x-www-form-urlencoded' });
  expect(form.status).toBe(400);
  // A browser's call from another origin: no CORS grant, as Express answers it.
  const foreign = await send(token, beat(), { Origin: 'https://elsewhere.example' });
  expect(foreign.status).toBe(200);
  expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  expect(foreign.headers.etag).toBeDefined();
  const [allowed] = t.config.allowedOrigins;
  const own = await send(token, beat(), { Origin: allowed });
  expect(own.headers['access-control-allow-origin']).toBe(allowed);
  expect(own.headers.etag).toBeUndefined();
});
