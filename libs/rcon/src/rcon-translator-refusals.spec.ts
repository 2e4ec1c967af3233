// RconTranslator's refusals: a refused password's wait, and a panel that ends every long-poll at once.
// (Its work against the WebRCON emulator is in rcon-translator.spec.ts.)
import { PluginClient } from '@outpost/plugin-sdk';
import {
  RconTranslator,
  WRONG_PASSWORD_RETRY_MS,
  type PluginTransport,
  type RconStatus,
} from './rcon-translator';
import { startPanelStandIn, startWebRconEmulator, type PanelStandIn, type WebRconEmulator } from './testing';

const TOKEN = 'opsrv_translator_test';

/** Waits until `check` holds (Jest's timeout bounds it). */
const until = async (check: () => boolean): Promise<void> => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('RconTranslator after a refused password', () => {
  const PASSWORD = 'the right one';
  /** Stands in for the 10 minutes: long beside the 50 ms between other retries. */
  const REFUSED_RETRY_MS = 1_500;
  let emulator: WebRconEmulator;
  let panel: PanelStandIn;
  let client: PluginClient;
  const running: RconTranslator[] = [];

  beforeEach(async () => {
    emulator = await startWebRconEmulator({ password: PASSWORD });
    panel = await startPanelStandIn(TOKEN);
    client = new PluginClient({ baseUrl: panel.url, token: TOKEN });
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((translator) => translator.stop()));
    client.close();
    await emulator.stop();
    await panel.stop();
  });

  const start = (password: string, options: { port?: number; previous?: RconStatus } = {}) => {
    const translator = new RconTranslator({
      rcon: { host: '127.0.0.1', port: options.port ?? emulator.port, password },
      transport: client,
      reconnectDelay: () => 50,
      refusedRetryMs: REFUSED_RETRY_MS,
      longPollSeconds: 2,
      previous: options.previous,
    });
    running.push(translator);
    translator.start();
    return translator;
  };
  const refusedLogins = () => emulator.logins.filter((login) => !login.accepted);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('dials a refused password again only after the wait, not on the schedule of other failures', async () => {
    const translator = start('not it');
    await until(() => translator.status.state === 'wrong_password');
    const refused = translator.status.refusedAt!;
    expect(refused).toBeInstanceOf(Date);
    expect(translator.status.lastError).toMatch(/refused the RCON password/);
    // Twenty retries' worth of the other schedule: still the one login.
    await pause(1_000);
    expect(refusedLogins()).toHaveLength(1);
    await until(() => refusedLogins().length === 2);
    const [first, second] = refusedLogins();
    expect(second.at.getTime() - first.at.getTime()).toBeGreaterThanOrEqual(REFUSED_RETRY_MS - 20);
    expect(translator.status.state).toBe('wrong_password');
    expect(translator.status.refusedAt!.getTime()).toBeGreaterThan(refused.getTime());
  });

  it('waits ten minutes by default, and dials at once when told to retry now, saying connecting meanwhile', async () => {
    const states: RconStatus[] = [];
    const translator = new RconTranslator({
      rcon: { host: '127.0.0.1', port: emulator.port, password: 'not it' },
      transport: client,
      reconnectDelay: () => 50,
      longPollSeconds: 2,
      onState: (status) => states.push(status),
    });
    running.push(translator);
    translator.start();
    await until(() => translator.status.state === 'wrong_password');
    await pause(500);
    expect(refusedLogins()).toHaveLength(1);
    expect(WRONG_PASSWORD_RETRY_MS).toBe(10 * 60_000);
    const asked = Date.now();
    translator.retryNow();
    await until(() => refusedLogins().length === 2);
    expect(Date.now() - asked).toBeLessThan(1_000);
    await until(() => states.length === 4);
    expect(states.map((s) => s.state)).toEqual([
      'connecting',
      'wrong_password',
      'connecting',
      'wrong_password',
    ]);
  });

  it('keeps the schedule of other failures: an unreachable server is dialled again soon', async () => {
    await emulator.stop();
    const translator = start(PASSWORD);
    await until(() => translator.status.state === 'unreachable');
    expect(translator.status.refusedAt).toBeNull();
    await emulator.restart();
    await until(() => translator.status.state === 'connected');
    expect(translator.status).toMatchObject({ lastError: null, refusedAt: null });
  });

  it('starts refused, without dialling, when an earlier connection with these settings was refused lately', async () => {
    const refusedAt = new Date(Date.now() - 200);
    const previous: RconStatus = {
      state: 'wrong_password',
      lastError: 'refused before',
      connectedAt: null,
      refusedAt,
    };
    const translator = start(PASSWORD, { previous });
    expect(translator.status).toEqual(previous);
    await pause(800);
    expect(emulator.logins).toHaveLength(0);
    // Once refusedAt + the wait has passed, it dials (here with the right password).
    await until(() => translator.status.state === 'connected');
    expect(emulator.logins[0].at.getTime()).toBeGreaterThanOrEqual(
      refusedAt.getTime() + REFUSED_RETRY_MS - 20,
    );
  });

  it('dials at once when the earlier refusal is older than the wait, or the earlier state was another', async () => {
    const long = start(PASSWORD, {
      previous: {
        state: 'wrong_password',
        lastError: 'refused long ago',
        connectedAt: null,
        refusedAt: new Date(Date.now() - REFUSED_RETRY_MS - 1),
      },
    });
    const unreachable = start(PASSWORD, {
      previous: { state: 'unreachable', lastError: 'x', connectedAt: null, refusedAt: null },
    });
    await until(() => long.status.state === 'connected' && unreachable.status.state === 'connected');
    expect(emulator.logins).toHaveLength(2);
  });

  it('gives the game no reason to refuse the address: one wrong login, then the right password connects', async () => {
    // The game's own rule: 5 wrong passwords and the address is refused, the right one too.
    const strict = await startWebRconEmulator({
      password: PASSWORD,
      maxPasswordFailures: 5,
      banSeconds: 300,
    });
    try {
      const wrong = start('not it', { port: strict.port });
      await until(() => wrong.status.state === 'wrong_password');
      await pause(1_000);
      await wrong.stop();
      expect(strict.logins).toHaveLength(1);
      const right = start(PASSWORD, { port: strict.port });
      await until(() => right.status.state === 'connected');
    } finally {
      await strict.stop();
    }
  });
});

describe('RconTranslator against a panel that ends every long-poll at once (draining)', () => {
  it('waits before asking again instead of asking in a loop', async () => {
    const emulator = await startWebRconEmulator({ password: 'pw' });
    const soon = <T>(value: T) => new Promise<T>((resolve) => setImmediate(() => resolve(value)));
    let waits = 0;
    const transport: PluginTransport = {
      heartbeat: () => soon({ commands: [], nextHeartbeatSeconds: 10 }),
      sendEvents: () => soon({ accepted: 0, duplicates: 0 }),
      reportCommandResult: (id) => soon({ id, status: 'succeeded' as const }),
      waitForCommands: () => {
        waits += 1;
        return soon({ commands: [] });
      },
    };
    const translator = new RconTranslator({
      rcon: { host: '127.0.0.1', port: emulator.port, password: 'pw' },
      transport,
      reconnectDelay: () => 100,
      longPollSeconds: 25,
    });
    try {
      translator.start();
      await until(() => translator.status.state === 'connected');
      await new Promise((resolve) => setTimeout(resolve, 500));
      // One wait per 100 ms pause; without the pause, thousands.
      expect(waits).toBeGreaterThanOrEqual(3);
      expect(waits).toBeLessThanOrEqual(7);
    } finally {
      await translator.stop();
      await emulator.stop();
    }
  });
});
