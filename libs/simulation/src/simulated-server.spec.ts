import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SimulatedServer } from './index';

type Call = { path: string; body: Record<string, unknown> };

/** A real local HTTP server playing the panel: answers heartbeats with the queued commands. */
const startPanel = async () => {
  const calls: Call[] = [];
  let commands: unknown[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      calls.push({ path: req.url ?? '', body });
      const data = req.url?.endsWith('/heartbeat')
        ? { commands, nextHeartbeatSeconds: 10 }
        : req.url?.endsWith('/events')
          ? { accepted: (body.events as unknown[]).length, duplicates: 0 }
          : { id: 'x', status: 'succeeded' };
      if (req.url?.endsWith('/heartbeat')) commands = [];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, data }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    queue: (...next: unknown[]) => (commands = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

describe('SimulatedServer', () => {
  let panel: Awaited<ReturnType<typeof startPanel>>;
  let sim: SimulatedServer;
  beforeEach(async () => {
    panel = await startPanel();
    sim = new SimulatedServer({ baseUrl: panel.url, token: 't', players: 12, seed: 7, log: () => undefined });
  });
  afterEach(async () => {
    await sim.stop();
    await panel.close();
  });

  it('reports a Rust-like state with its players', async () => {
    await sim.heartbeat();
    const state = panel.calls[0].body;
    expect(state).toMatchObject({ map: 'Procedural Map', hostname: sim.hostname, maxPlayers: 50 });
    expect(state.players).toHaveLength(sim.players().length);
    expect(sim.players().length).toBeGreaterThanOrEqual(10);
    const same = new SimulatedServer({
      baseUrl: panel.url,
      token: 't',
      players: 12,
      seed: 7,
      log: () => undefined,
    });
    expect(same.players().map((p) => p.steamId)).toEqual(sim.players().map((p) => p.steamId));
  });

  it('obeys ban, refuses the banned player, lets them back after unban, and reports each result', async () => {
    const target = sim.players()[0];
    panel.queue({ id: 'b1', type: 'ban', steamId: target.steamId, reason: 'Cheating', expiresAt: null });
    await sim.heartbeat();
    expect(sim.players().map((p) => p.steamId)).not.toContain(target.steamId);
    expect(sim.tryJoin(target)).toBe(false);
    panel.queue({ id: 'u1', type: 'unban', steamId: target.steamId, reason: 'Appeal' });
    await sim.heartbeat();
    expect(sim.tryJoin(target)).toBe(true);
    const results = panel.calls.filter((c) => c.path.includes('/commands/'));
    expect(results.map((c) => c.path)).toEqual([
      '/api/plugin/v1/commands/b1/result',
      '/api/plugin/v1/commands/u1/result',
    ]);
    expect(results[0].body).toEqual({ ok: true, output: expect.stringContaining('Banned') });
    await sim.flushEvents();
    const events = panel.calls
      .filter((c) => c.path.endsWith('/events'))
      .flatMap((c) => c.body.events as { type: string; message?: string }[]);
    expect(events.map((e) => e.type)).toEqual(['disconnect', 'log', 'connect']);
    expect(events[1].message).toMatch(/^Refused .* banned \(Cheating\)$/);
  });

  it('a command delivered again is not carried out or reported twice; warn and kick of an absent player fail', async () => {
    const target = sim.players()[0];
    const warn = { id: 'w1', type: 'warn', steamId: target.steamId, reason: 'Language' };
    panel.queue(warn);
    await sim.heartbeat();
    panel.queue(warn, { id: 'k1', type: 'kick', steamId: '76561190000000000', reason: 'x' });
    await sim.heartbeat();
    const results = panel.calls.filter((c) => c.path.includes('/commands/'));
    expect(results.map((c) => [c.path.split('/')[5], c.body.ok])).toEqual([
      ['w1', true],
      ['k1', false],
    ]);
    expect(sim.players().map((p) => p.steamId)).toContain(target.steamId);
  });

  it('answers status, serverinfo and say as a Rust console prints them, and an unknown command as failed', async () => {
    panel.queue(
      { id: 'c1', type: 'console', command: 'status' },
      { id: 'c2', type: 'console', command: 'serverinfo' },
      { id: 'c3', type: 'console', command: 'say Restart in 5 minutes' },
      { id: 'c4', type: 'console', command: 'oxide.reload *' },
    );
    await sim.heartbeat();
    const results = Object.fromEntries(
      panel.calls
        .filter((c) => c.path.includes('/commands/'))
        .map((c) => [c.path.split('/')[5], c.body as { ok: boolean; output: string }]),
    );
    expect(results.c1.ok).toBe(true);
    const status = results.c1.output.split('\n');
    expect(status.slice(0, 6)).toEqual([
      `hostname: ${sim.hostname}`,
      'version : 2590 secure (secure mode enabled, connected to Steam3)',
      'map     : Procedural Map',
      `players : ${sim.players().length} (${sim.maxPlayers} max) (0 queued) (0 joining)`,
      '',
      'id name ping connected addr owner violation kicks',
    ]);
    for (const player of sim.players())
      expect(status).toContainEqual(
        expect.stringMatching(
          new RegExp(`^${player.steamId} "${player.name}" ${player.ping} \\d+s ${player.ip} 0\\.0 0$`),
        ),
      );
    expect(results.c2.ok).toBe(true);
    expect(JSON.parse(results.c2.output)).toMatchObject({
      Hostname: sim.hostname,
      MaxPlayers: sim.maxPlayers,
      Players: sim.players().length,
      Map: 'Procedural Map',
      GameTime: expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/),
      Version: 2590,
    });
    // say prints nothing back (the bridge reports it done, with no output); the chat line it makes
    // is the server's console line.
    expect(results.c3).toEqual({ ok: true, output: '' });
    await sim.flushEvents();
    const events = panel.calls.filter((c) => c.path.endsWith('/events')).flatMap((c) => c.body.events);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'console',
        level: 'info',
        message: '[CHAT] SERVER : Restart in 5 minutes',
      }),
    );
    expect(results.c4).toEqual({ ok: false, output: "Command 'oxide.reload' not found" });
  });
});
