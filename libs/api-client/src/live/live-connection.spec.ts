import type { ServerResponse } from 'node:http';
import { jwtIssued } from '../auth-slice';
import { configureApiClient } from '../config';
import { json, startTestServer, type RecordedRequest, type TestServer } from '../spec-support/test-server';
import { makeStore } from '../store';
import { connectLive } from './live-connection';
import { liveEventReceived, liveRefetchNeeded, selectLiveStatus, type LiveStatus } from './live-slice';

const status = (networkId: string, playerCount: number) => ({
  type: 'server.status',
  networkId,
  serverId: 's1',
  status: 'online',
  playerCount,
  maxPlayers: 100,
  at: '2026-11-25T10:00:00.000Z',
});

const frame = (event: string, data: unknown, id?: string) =>
  `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const openStream = (res: ServerResponse) => {
  res.writeHead(200, { 'Content-Type': 'text/event-stream' });
  res.write(frame('ready', { type: 'ready' }));
};

const until = async (check: () => boolean, ms = 3_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

let server: TestServer;
let streams: RecordedRequest[];
let answer: (req: RecordedRequest, res: ServerResponse) => void;

beforeEach(async () => {
  streams = [];
  server = await startTestServer({
    'GET /api/live': (req, res) => {
      streams.push(req);
      answer(req, res);
    },
    'POST /v1/account/jwts': (_req, res) => json(res, 201, { jwt: 'renewed-jwt' }),
  });
  configureApiClient({ baseUrl: server.url, apiKey: 'web-key' });
});
afterEach(() => server.close());

const record = () => {
  const store = makeStore();
  const seen: unknown[] = [];
  const statuses: LiveStatus[] = [selectLiveStatus(store.getState())];
  store.subscribe(() => {
    const now = selectLiveStatus(store.getState());
    if (statuses.at(-1) !== now) statuses.push(now);
  });
  const dispatch = store.dispatch;
  store.dispatch = ((action: Parameters<typeof dispatch>[0]) => {
    if (liveEventReceived.match(action) || liveRefetchNeeded.match(action)) seen.push(action);
    return dispatch(action);
  }) as typeof dispatch;
  return { store, seen, statuses };
};

it('sends the JWT and API key, dispatches events, and resumes with Last-Event-ID after a drop', async () => {
  let calls = 0;
  answer = (_req, res) => {
    calls += 1;
    openStream(res);
    if (calls === 1) {
      res.write(frame('server.status', status('n1', 3), 'b-7'));
      res.end();
    } else res.write(frame('server.status', status('n1', 4), 'b-8'));
  };
  const { store, seen, statuses } = record();
  store.dispatch(jwtIssued('the-jwt'));
  const stop = connectLive(store, { delayMs: () => 10 });
  await until(() => seen.length === 2);
  stop();
  expect(streams[0].headers).toMatchObject({ authorization: 'Bearer the-jwt', 'x-api-key': 'web-key' });
  expect(streams[0].headers['last-event-id']).toBeUndefined();
  expect(streams[1].headers['last-event-id']).toBe('b-7');
  expect(seen).toEqual([
    liveEventReceived(status('n1', 3) as never),
    liveEventReceived(status('n1', 4) as never),
  ]);
  expect(statuses).toEqual(['off', 'connecting', 'connected', 'reconnecting', 'connected', 'off']);
});

it('passes a refetch on, and asks for one itself when it had no id to resume from', async () => {
  let calls = 0;
  answer = (_req, res) => {
    calls += 1;
    openStream(res);
    if (calls === 1) res.end();
    else res.write(frame('refetch', { type: 'refetch' }));
  };
  const { store, seen } = record();
  const stop = connectLive(store, { delayMs: () => 10 });
  await until(() => seen.length === 2);
  stop();
  expect(seen).toEqual([liveRefetchNeeded(), liveRefetchNeeded()]);
});

it('renews the JWT once on a 401, and stops on a second', async () => {
  answer = (req, res) => {
    if (req.headers.authorization === 'Bearer renewed-jwt' && streams.length === 2) openStream(res);
    else json(res, 401, { success: false, error: 'Authentication required' });
  };
  const { store, statuses } = record();
  store.dispatch(jwtIssued('expired-jwt'));
  const stop = connectLive(store, { delayMs: () => 10 });
  await until(() => statuses.includes('connected'));
  expect(streams.map((s) => s.headers.authorization)).toEqual(['Bearer expired-jwt', 'Bearer renewed-jwt']);
  stop();

  answer = (_req, res) => json(res, 401, { success: false, error: 'Authentication required' });
  const again = record();
  const stopAgain = connectLive(again.store, { delayMs: () => 10 });
  await until(() => again.statuses.at(-1) === 'off');
  stopAgain();
  expect(again.statuses).toEqual(['off', 'connecting', 'off']);
});

it('waits on the spec schedule between failed attempts', async () => {
  answer = (_req, res) => json(res, 503, { success: false });
  const waits: number[] = [];
  const { store } = record();
  const stop = connectLive(store, {
    delayMs: (attempt) => {
      waits.push(attempt);
      return 5;
    },
  });
  await until(() => waits.length >= 6);
  stop();
  expect(waits.slice(0, 6)).toEqual([1, 2, 3, 4, 5, 6]);
});
