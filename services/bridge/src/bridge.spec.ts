import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RconTranslator } from '@outpost/rcon';
import { Bridge } from './bridge';
import { EventSpool } from './event-spool';

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
