import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RconTranslator } from '@outpost/rcon';
import {
  startPanelStandIn,
  startWebRconEmulator,
  type PanelStandIn,
  type WebRconEmulator,
} from '@outpost/rcon/testing';
import { Bridge } from './bridge';
import { EventSpool } from './event-spool';
import { BRIDGE_NAME, BRIDGE_VERSION } from './version';

/** Waits until `check` holds (Jest's timeout bounds it). */
const until = async (check: () => boolean): Promise<void> => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
};

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('Bridge.stop', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'bridge-stop-'))));
  afterEach(() => {
    jest.restoreAllMocks();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('ends within its flush time of the call though the translator takes longer to stop', async () => {
    // Events kept from before, and a panel that is not there: the flush can only run out of time.
    new EventSpool(join(dataDir, 'events')).append([
      { id: 'e1', at: '2026-11-25T12:00:00.000Z', type: 'console', level: 'info', message: 'kept' },
    ]);
    const stop = RconTranslator.prototype.stop;
    jest.spyOn(RconTranslator.prototype, 'stop').mockImplementation(async function (this: RconTranslator) {
      await stop.call(this);
      await new Promise((resolve) => setTimeout(resolve, 3_000).unref());
    });
    const bridge = new Bridge(
      {
        url: 'http://127.0.0.1:1',
        token: 'opsrv_stop_test',
        rconHost: '127.0.0.1',
        rconPort: 1,
        rconPassword: 'unused',
        dataDir,
      },
      quiet,
      { retryDelay: () => 50 },
    );
    bridge.start();
    const started = Date.now();
    const left = await bridge.stop(1_000);
    expect(Date.now() - started).toBeLessThan(1_800);
    expect(left).toBe(1);
  });
});

describe('Bridge against a game that refuses its password', () => {
  const TOKEN = 'opsrv_bridge_refused';
  const PASSWORD = 'wrong but "quoted"';
  let dataDir: string;
  let emulator: WebRconEmulator;
  let panel: PanelStandIn;
  let bridge: Bridge | null;
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bridge-refused-'));
    emulator = await startWebRconEmulator({ password: 'the right one' });
    panel = await startPanelStandIn(TOKEN);
    bridge = null;
  });
  afterEach(async () => {
    await bridge?.stop(500);
    await emulator.stop();
    await panel.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = (rconPassword: string, warnings: string[] = []) => {
    bridge = new Bridge(
      { url: panel.url, token: TOKEN, rconHost: '127.0.0.1', rconPort: emulator.port, rconPassword, dataDir },
      { ...quiet, warn: (line) => warnings.push(line) },
      { retryDelay: () => 50 },
    );
    bridge.start();
  };

  it('dials once, not on the 50 ms schedule, says so in its log, and tells the panel its state', async () => {
    const warnings: string[] = [];
    start(PASSWORD, warnings);
    await until(() => panel.agentStates.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(emulator.logins).toHaveLength(1);
    expect(panel.agentStates).toEqual([
      {
        state: 'connecting',
        detail: null,
        since: expect.any(String),
        userAgent: `${BRIDGE_NAME}/${BRIDGE_VERSION}`,
      },
      {
        state: 'wrong_password',
        detail: expect.stringContaining(`127.0.0.1:${emulator.port} refused the RCON password`),
        since: expect.any(String),
        userAgent: `${BRIDGE_NAME}/${BRIDGE_VERSION}`,
      },
    ]);
    // Since the refusal, by the bridge's clock.
    expect(Math.abs(Date.parse(panel.agentStates[1].since) - emulator.logins[0].at.getTime())).toBeLessThan(
      200,
    );
    expect(JSON.stringify(panel.agentStates)).not.toContain('quoted');
    expect(warnings).toEqual([
      expect.stringMatching(
        /: wrong_password \(.+\); not tried again for 10 minutes \(the game refuses an address after 5 wrong passwords\): set the right RCON_PASSWORD and restart the bridge$/,
      ),
    ]);
  });

  it('connects at once when restarted with the right password, and says so', async () => {
    start(PASSWORD);
    await until(() => panel.agentStates.some((state) => state.state === 'wrong_password'));
    await bridge!.stop(500);
    start('the right one');
    await until(() => panel.agentStates.at(-1)?.state === 'connected');
    expect(emulator.logins.map((login) => login.accepted)).toEqual([false, true]);
  });
});
