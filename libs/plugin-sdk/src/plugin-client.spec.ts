import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PluginEvent } from '@outpost/contracts';
import {
  backoffDelay,
  PluginAuthError,
  PluginClient,
  PluginPayloadTooLargeError,
  PluginRateLimitError,
  PluginUnavailableError,
  PluginValidationError,
  type NewPluginEvent,
  type RetryInfo,
} from './index';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
type Received = { path: string; auth: string | undefined; body: string };

/** A real HTTP server standing in for the panel; each request goes to the next handler queued. */
const startPanel = async () => {
  const received: Received[] = [];
  let handler: Handler = (_req, res) => reply(res, 200, { success: true, data: {} });
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', auth: req.headers.authorization, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    handle: (next: Handler) => (handler = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const reply = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const chat = (n: number): NewPluginEvent => ({
  type: 'chat',
  steamId: '76561198000000001',
  message: `hi ${n}`,
});

describe('PluginClient', () => {
  let panel: Awaited<ReturnType<typeof startPanel>>;
  let retries: RetryInfo[];
  let client: PluginClient;
  beforeEach(async () => {
    panel = await startPanel();
    retries = [];
    client = new PluginClient({
      baseUrl: `${panel.url}/`,
      token: 'opsrv_test',
      backoff: { baseDelayMs: 5, maxDelayMs: 40 },
      onRetry: (info) => retries.push(info),
    });
  });
  afterEach(async () => {
    client.close();
    await panel.close();
  });

  it('sends a heartbeat with the bearer token and answers the commands', async () => {
    const answer = {
      commands: [{ id: 'c1', type: 'kick', steamId: '76561198000000001', reason: 'x' }],
      nextHeartbeatSeconds: 10,
    };
    panel.handle((_req, res) => reply(res, 200, { success: true, data: answer }));
    const result = await client.heartbeat({ maxPlayers: 50, players: [] });
    expect(result).toEqual(answer);
    expect(panel.received).toEqual([
      { path: '/api/plugin/v1/heartbeat', auth: 'Bearer opsrv_test', body: '{"maxPlayers":50,"players":[]}' },
    ]);
  });

  it('names its agent in the User-Agent of every request when given one', async () => {
    const agents: (string | undefined)[] = [];
    panel.handle((req, res) => {
      agents.push(req.headers['user-agent']);
      reply(res, 200, { success: true, data: { commands: [], nextHeartbeatSeconds: 10 } });
    });
    const named = new PluginClient({
      baseUrl: panel.url,
      token: 'opsrv_test',
      userAgent: 'outpost-bridge/1.2.3',
    });
    await named.heartbeat({ maxPlayers: 50, players: [] });
    await named.waitForCommands(0);
    await client.heartbeat({ maxPlayers: 50, players: [] });
    expect(agents.slice(0, 2)).toEqual(['outpost-bridge/1.2.3', 'outpost-bridge/1.2.3']);
    expect(agents[2]).not.toContain('outpost-bridge');
  });

  it('retries a batch after 500s with growing delays, sending the same ids each time', async () => {
    let calls = 0;
    panel.handle((_req, res, body) => {
      calls += 1;
      if (calls <= 3) return reply(res, 500, { success: false, error: 'boom', code: 'INTERNAL' });
      const { events } = JSON.parse(body) as { events: PluginEvent[] };
      reply(res, 200, { success: true, data: { accepted: events.length, duplicates: 0 } });
    });
    const ack = await client.sendEvents([chat(1), chat(2)]);
    expect(ack).toEqual({ accepted: 2, duplicates: 0 });
    expect(panel.received).toHaveLength(4);
    expect(new Set(panel.received.map((r) => r.body)).size).toBe(1);
    const ids = (JSON.parse(panel.received[0].body) as { events: PluginEvent[] }).events.map((e) => e.id);
    expect(new Set(ids).size).toBe(2);
    expect(retries.map((r) => r.attempt)).toEqual([1, 2, 3]);
    expect(retries.every((r) => r.error instanceof PluginUnavailableError && r.error.status === 500)).toBe(
      true,
    );
    // Equal jitter: the n-th delay lies between half and all of base * 2^n.
    retries.forEach((r, n) => {
      expect(r.delayMs).toBeGreaterThanOrEqual((5 * 2 ** n) / 2);
      expect(r.delayMs).toBeLessThanOrEqual(5 * 2 ** n);
    });
  });

  it('retries after a network error (connection dropped without an answer)', async () => {
    let calls = 0;
    panel.handle((req, res) => {
      calls += 1;
      if (calls === 1) return req.socket.destroy();
      reply(res, 200, { success: true, data: { accepted: 1, duplicates: 0 } });
    });
    await expect(client.sendEvents([chat(1)])).resolves.toEqual({ accepted: 1, duplicates: 0 });
    expect(retries).toHaveLength(1);
    expect(retries[0].error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('keeps retrying while the panel is down, and delivers once it is back', async () => {
    const { url } = panel;
    await panel.close();
    const port = Number(new URL(url).port);
    const pending = client.sendEvents([chat(1)]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(retries.length).toBeGreaterThan(1);
    const back = createServer((_req, res) =>
      reply(res, 200, { success: true, data: { accepted: 1, duplicates: 0 } }),
    );
    await new Promise<void>((resolve) => back.listen(port, '127.0.0.1', resolve));
    try {
      await expect(pending).resolves.toEqual({ accepted: 1, duplicates: 0 });
    } finally {
      await new Promise((resolve) => back.close(resolve));
      panel = await startPanel();
    }
  });

  it('waits the Retry-After of a 429 before sending again', async () => {
    let calls = 0;
    const times: number[] = [];
    panel.handle((_req, res) => {
      calls += 1;
      times.push(Date.now());
      if (calls === 1)
        return reply(
          res,
          429,
          { success: false, error: 'Too many requests from this server', code: 'RATE_LIMITED' },
          { 'retry-after': '1' },
        );
      reply(res, 200, { success: true, data: { accepted: 1, duplicates: 0 } });
    });
    await client.sendEvents([chat(1)]);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(950);
    expect(retries[0].error).toBeInstanceOf(PluginRateLimitError);
    expect((retries[0].error as PluginRateLimitError).retryAfterMs).toBe(1000);
  });

  it('throws a PluginRateLimitError with the wait when no retry is allowed', async () => {
    panel.handle((_req, res) =>
      reply(
        res,
        429,
        { success: false, error: 'Too many requests from this server', code: 'RATE_LIMITED' },
        { 'retry-after': '42' },
      ),
    );
    const error = await client.heartbeat({ maxPlayers: 1, players: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PluginRateLimitError);
    expect(error).toMatchObject({
      status: 429,
      retryAfterMs: 42_000,
      message: 'Too many requests from this server',
    });
  });

  it.each([
    [400, PluginValidationError, 'VALIDATION_ERROR'],
    [401, PluginAuthError, 'UNAUTHORIZED'],
    [413, PluginPayloadTooLargeError, 'PAYLOAD_TOO_LARGE'],
  ])('a %i is a typed error and is not retried', async (status, type, code) => {
    const details =
      status === 400 ? [{ field: 'events.0.foo', message: 'Unrecognized key: "foo"' }] : undefined;
    panel.handle((_req, res) =>
      reply(res, status, { success: false, error: `failed ${status}`, code, details }),
    );
    const error = await client.sendEvents([chat(1)]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    expect(error).toMatchObject({ status, code, message: `failed ${status}`, retryable: false });
    if (details) expect(error).toMatchObject({ details });
    expect(panel.received).toHaveLength(1);
  });

  it('loses no event and counts none twice when acknowledgements are lost', async () => {
    const stored = new Map<string, PluginEvent>();
    let calls = 0;
    panel.handle((_req, res, body) => {
      calls += 1;
      const { events } = JSON.parse(body) as { events: PluginEvent[] };
      let accepted = 0;
      for (const event of events)
        if (!stored.has(event.id)) {
          stored.set(event.id, event);
          accepted += 1;
        }
      // Every other answer is lost after the batch was stored: the client must send it again.
      if (calls % 2 === 1)
        return reply(res, 503, { success: false, error: 'unavailable', code: 'UNAVAILABLE' });
      reply(res, 200, { success: true, data: { accepted, duplicates: events.length - accepted } });
    });
    const events = Array.from({ length: 1200 }, (_, n) => chat(n));
    const ack = await client.sendEvents(events);
    expect(stored.size).toBe(1200);
    expect([...stored.values()].map((e) => (e as { message: string }).message).sort()).toEqual(
      events.map((e) => (e as { message: string }).message).sort(),
    );
    // Three batches (500, 500, 200), each sent twice; the acknowledged retries found them all stored.
    expect(calls).toBe(6);
    expect(ack).toEqual({ accepted: 0, duplicates: 1200 });
  });

  it('keeps the ids and times the caller set', async () => {
    panel.handle((_req, res) => reply(res, 200, { success: true, data: { accepted: 1, duplicates: 0 } }));
    await client.sendEvents([{ ...chat(1), id: 'evt-1', at: new Date('2026-01-02T03:04:05Z') }]);
    expect(JSON.parse(panel.received[0].body)).toEqual({
      events: [
        {
          type: 'chat',
          steamId: '76561198000000001',
          message: 'hi 1',
          id: 'evt-1',
          at: '2026-01-02T03:04:05.000Z',
        },
      ],
    });
  });

  it('reports a command result to its path', async () => {
    panel.handle((_req, res) => reply(res, 200, { success: true, data: { id: 'c/1', status: 'succeeded' } }));
    await expect(client.reportCommandResult('c/1', { ok: true, output: 'Kicked Rex' })).resolves.toEqual({
      id: 'c/1',
      status: 'succeeded',
    });
    expect(panel.received[0]).toMatchObject({
      path: '/api/plugin/v1/commands/c%2F1/result',
      body: '{"ok":true,"output":"Kicked Rex"}',
    });
  });

  it('reports the agent’s RCON state, retrying a panel that is down', async () => {
    const since = '2026-11-23T14:02:00.000Z';
    let calls = 0;
    panel.handle((_req, res) => {
      calls += 1;
      if (calls === 1) return reply(res, 503, { success: false, error: 'draining', code: 'UNAVAILABLE' });
      reply(res, 200, { success: true, data: { state: 'wrong_password', since } });
    });
    const state = { state: 'wrong_password' as const, detail: '127.0.0.1:28016 refused', since };
    await expect(client.reportAgentState(state)).resolves.toEqual({ state: 'wrong_password', since });
    expect(panel.received.map((call) => [call.path, JSON.parse(call.body)])).toEqual([
      ['/api/plugin/v1/agent-state', state],
      ['/api/plugin/v1/agent-state', state],
    ]);
  });

  it('long-polls for commands with a GET carrying the wait, capped at 30 s', async () => {
    const commands = [{ id: 'c2', type: 'console', command: 'status' }];
    panel.handle((req, res) => reply(res, 200, { success: true, data: { commands, method: req.method } }));
    await expect(client.waitForCommands(45)).resolves.toMatchObject({ commands, method: 'GET' });
    expect(panel.received[0]).toEqual({
      path: '/api/plugin/v1/commands?wait=30',
      auth: 'Bearer opsrv_test',
      body: '',
    });
  });

  it('does not retry a long-poll that failed: the caller asks again', async () => {
    panel.handle((_req, res) =>
      reply(res, 503, { success: false, error: 'down', code: 'DATABASE_UNAVAILABLE' }),
    );
    await expect(client.waitForCommands(1)).rejects.toBeInstanceOf(PluginUnavailableError);
    expect(panel.received).toHaveLength(1);
  });

  it('stops retrying when closed', async () => {
    panel.handle((_req, res) => reply(res, 500, { success: false, error: 'boom', code: 'INTERNAL' }));
    const pending = client.sendEvents([chat(1)]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    client.close();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    // A request sent just before the close may still be on its way to the panel (a busy machine).
    await new Promise((resolve) => setTimeout(resolve, 100));
    const sent = panel.received.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(panel.received.length).toBe(sent);
  });
});

describe('backoffDelay', () => {
  it('doubles up to the ceiling, jittered in its upper half', () => {
    expect(backoffDelay(0, { baseDelayMs: 100, random: () => 0 })).toBe(50);
    expect(backoffDelay(0, { baseDelayMs: 100, random: () => 0.999999 })).toBe(100);
    expect(backoffDelay(3, { baseDelayMs: 100, random: () => 0 })).toBe(400);
    expect(backoffDelay(20, { baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.5 })).toBe(750);
  });
});
