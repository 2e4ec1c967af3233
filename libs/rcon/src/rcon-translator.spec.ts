import { PluginClient } from '@outpost/plugin-sdk';
import { RconTranslator, type RconStatus } from './rcon-translator';
import { startPanelStandIn, startWebRconEmulator, type PanelStandIn, type WebRconEmulator } from './testing';

const REX = '76561198000000001';
const BOB = '76561198000000002';
const TOKEN = 'opsrv_translator_test';

/** Waits until `check` holds (Jest's timeout bounds it). */
const until = async (check: () => boolean): Promise<void> => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('RconTranslator against the WebRCON emulator and a panel', () => {
  let emulator: WebRconEmulator;
  let panel: PanelStandIn;
  let client: PluginClient;
  let translator: RconTranslator;
  let states: RconStatus[];

  const start = (password = 'hunter2 "quoted"', heartbeatSeconds?: number) => {
    translator = new RconTranslator({
      rcon: { host: '127.0.0.1', port: emulator.port, password },
      transport: client,
      onState: (status) => states.push(status),
      reconnectDelay: () => 50,
      longPollSeconds: 2,
      heartbeatSeconds,
    });
    translator.start();
  };

  beforeEach(async () => {
    emulator = await startWebRconEmulator({
      password: 'hunter2 "quoted"',
      hostname: 'EU Main',
      maxPlayers: 150,
    });
    panel = await startPanelStandIn(TOKEN);
    client = new PluginClient({
      baseUrl: panel.url,
      token: TOKEN,
      backoff: { baseDelayMs: 10, maxDelayMs: 50 },
    });
    states = [];
  });

  afterEach(async () => {
    await translator.stop();
    client.close();
    await emulator.stop();
    await panel.stop();
  });

  it('reports the players of the server in its heartbeats', async () => {
    emulator.addPlayer({ steamId: REX, name: 'Rex', position: { x: 10, y: 2, z: -30.5 } });
    start();
    await until(() => panel.heartbeats.length > 0);
    expect(panel.heartbeats[0]).toMatchObject({
      hostname: 'EU Main',
      maxPlayers: 150,
      map: 'Procedural Map',
      worldSize: 3500,
      seed: 12345,
      players: [
        { steamId: REX, name: 'Rex', ip: '203.0.113.10', ping: 42, position: { x: 10, y: 2, z: -30.5 } },
      ],
    });
    expect(translator.status).toMatchObject({ state: 'connected', lastError: null });
    expect(states.map((s) => s.state)).toEqual(['connecting', 'connected']);
  });

  it('sends the roster within 2 s of a join or disconnect line instead of at the next heartbeat', async () => {
    start(undefined, 10);
    await until(() => panel.heartbeats.length > 0);
    const listed = (steamId: string) => panel.heartbeats.at(-1)!.players.some((p) => p.steamId === steamId);
    const joined = Date.now();
    emulator.addPlayer({ steamId: BOB, name: 'Bob' });
    await until(() => listed(BOB));
    expect(Date.now() - joined).toBeLessThan(2_000);
    const left = Date.now();
    emulator.removePlayer(BOB);
    await until(() => !listed(BOB));
    expect(Date.now() - left).toBeLessThan(2_000);

    // A wave of joins makes one refresh, not one per line.
    const before = panel.heartbeats.length;
    for (let i = 0; i < 20; i += 1)
      emulator.addPlayer({ steamId: String(76561198000001000n + BigInt(i)), name: `P${i}` });
    await until(() => panel.heartbeats.at(-1)!.players.length === 20);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(panel.heartbeats.length - before).toBeLessThanOrEqual(2);
  }, 15_000);

  it('carries out a kick from the long-poll and posts the game reply', async () => {
    emulator.addPlayer({ steamId: REX, name: 'Rex' });
    start();
    await until(() => translator.status.state === 'connected');
    panel.queue({ id: 'cmd-kick', type: 'kick', steamId: REX, reason: 'spamming "gg"' });
    await until(() => panel.results.has('cmd-kick'));
    expect(panel.results.get('cmd-kick')).toEqual({ ok: true, output: 'Kicked: Rex' });
    expect(emulator.received).toContain(`kick ${REX} "spamming 'gg'"`);
    expect(emulator.game.players.has(REX)).toBe(false);
    await until(() => [...panel.events.values()].some((e) => e.type === 'disconnect'));
    expect([...panel.events.values()].find((e) => e.type === 'disconnect')).toMatchObject({
      steamId: REX,
      reason: "Kicked: spamming 'gg'",
    });
  });

  it('bans with the expiry, unbans, and reports a refusal as failed', async () => {
    start();
    await until(() => translator.status.state === 'connected');
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    panel.queue({ id: 'ban', type: 'ban', steamId: BOB, name: 'Bob', reason: 'cheating', expiresAt });
    panel.queue({ id: 'kick-gone', type: 'kick', steamId: REX, reason: 'x' });
    await until(() => panel.results.has('ban') && panel.results.has('kick-gone'));
    expect(emulator.game.bans.get(BOB)).toMatchObject({
      reason: 'cheating',
      expiry: Math.floor(Date.parse(expiresAt) / 1000),
    });
    expect(panel.results.get('ban')?.ok).toBe(true);
    expect(panel.results.get('kick-gone')).toEqual({ ok: false, output: 'Player not found' });
    panel.queue({ id: 'unban', type: 'unban', steamId: BOB, reason: '' });
    await until(() => panel.results.has('unban'));
    expect(panel.results.get('unban')).toEqual({ ok: true, output: `Unbanned User: ${BOB}` });
  });

  it('turns chat, reports, joins and kills into events, and keeps other lines as console events', async () => {
    start();
    await until(() => translator.status.state === 'connected');
    emulator.addPlayer({ steamId: REX, name: 'Rex' });
    emulator.addPlayer({ steamId: BOB, name: 'Bob' });
    emulator.chat(REX, 'hello', 1);
    emulator.report({
      reporter: { steamId: REX, name: 'Rex' },
      target: { steamId: BOB, name: 'Bob' },
      subject: 'esp',
      message: 'sees through walls',
    });
    emulator.kill(BOB, REX);
    emulator.line('Saved 81,234 ents, cache(0.01), write(0.02), disk(0.00).');
    await until(() => panel.events.size >= 6);
    const events = panel.eventOrder.map((id) => panel.events.get(id));
    expect(events).toEqual([
      expect.objectContaining({ type: 'connect', steamId: REX, name: 'Rex' }),
      expect.objectContaining({ type: 'connect', steamId: BOB, name: 'Bob' }),
      expect.objectContaining({ type: 'chat', steamId: REX, channel: 'team', message: 'hello' }),
      expect.objectContaining({ type: 'report', reporterSteamId: REX, targetSteamId: BOB, subject: 'esp' }),
      expect.objectContaining({ type: 'kill', killerSteamId: REX, victimSteamId: BOB }),
      expect.objectContaining({
        type: 'console',
        message: 'Saved 81,234 ents, cache(0.01), write(0.02), disk(0.00).',
      }),
    ]);
  });

  it('runs a command once though the heartbeat repeats it, and a silent one does not hold others up', async () => {
    emulator.unanswered.add('hang');
    start();
    await until(() => translator.status.state === 'connected');
    panel.queue({ id: 'hang', type: 'console', command: 'hang forever' });
    panel.queue({ id: 'status', type: 'console', command: 'status' });
    await until(() => panel.results.has('status'));
    expect(panel.results.get('status')?.output).toContain('hostname: EU Main');
    expect(panel.results.has('hang')).toBe(false);
    const seen = panel.heartbeats.length;
    await until(() => panel.heartbeats.length >= seen + 2);
    expect(emulator.received.filter((line) => line === 'status')).toHaveLength(1);
    expect(emulator.received.filter((line) => line === 'hang forever')).toHaveLength(1);
  });

  it('posts a result again, without running the command again, when the panel hands it out after losing it', async () => {
    start();
    await until(() => translator.status.state === 'connected');
    panel.queue({ id: 'lost', type: 'console', command: 'status' });
    await until(() => panel.results.has('lost'));
    // As when a concurrent write on the panel put the command back to delivered: the next
    // heartbeat's answer carries it again.
    panel.results.delete('lost');
    await until(() => panel.results.has('lost'));
    expect(panel.results.get('lost')?.output).toContain('hostname: EU Main');
    expect(emulator.received.filter((line) => line === 'status')).toHaveLength(1);
  });

  it('times out a serverinfo that never answers without holding up the next heartbeat or a command', async () => {
    emulator.unanswered.add('serverinfo');
    const logs: string[] = [];
    translator = new RconTranslator({
      rcon: { host: '127.0.0.1', port: emulator.port, password: 'hunter2 "quoted"' },
      transport: client,
      log: (line) => logs.push(line),
      commandTimeoutMs: 1_000,
      heartbeatSeconds: 1.5,
      reconnectDelay: () => 50,
      longPollSeconds: 2,
    });
    translator.start();
    const asked: number[] = [];
    const watch = setInterval(() => {
      const count = emulator.received.filter((line) => line === 'serverinfo').length;
      while (asked.length < count) asked.push(Date.now());
    }, 10);
    try {
      await until(() => asked.length >= 1);
      const queued = Date.now();
      panel.queue({ id: 'status', type: 'console', command: 'status' });
      await until(() => panel.results.has('status'));
      // Carried out while serverinfo still waited for its reply (1 s).
      expect(Date.now() - queued).toBeLessThan(1_000);
      await until(() => asked.length >= 3);
      // One every 1.5 s as set; waiting out each timeout first would make it 2.5 s.
      expect(asked[2] - asked[0]).toBeLessThan(4_000);
      expect(panel.heartbeats).toHaveLength(0);
      expect(logs).toContain('serverinfo gave no answer; no heartbeat this time');
      emulator.unanswered.delete('serverinfo');
      await until(() => panel.heartbeats.length > 0);
    } finally {
      clearInterval(watch);
    }
  }, 15_000);

  it('says wrong_password for a refused password and unreachable when nothing listens', async () => {
    start('not it');
    await until(() => translator.status.state === 'wrong_password');
    expect(translator.status.lastError).toMatch(/refused the RCON password/);
    await translator.stop();
    await emulator.stop();
    start();
    await until(() => translator.status.state === 'unreachable');
    expect(translator.status.lastError).toMatch(/unreachable/);
  });

  it('reconnects after the server restarts', async () => {
    start();
    await until(() => translator.status.state === 'connected');
    await emulator.stop();
    await until(() => translator.status.state !== 'connected');
    emulator.addPlayer({ steamId: BOB, name: 'Bob' });
    await emulator.restart();
    await until(() => panel.heartbeats.some((h) => h.players.some((p) => p.steamId === BOB)));
    expect(translator.status.state).toBe('connected');
  });
});
