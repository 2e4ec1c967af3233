import { getEventListeners } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startWebRconEmulator, type WebRconEmulator } from '@outpost/rcon/testing';
import { Bridge } from './bridge';

// The bridge over thousands of long-polls that the panel answers at once (as it does while it
// drains), with heartbeats and a steady trickle of game lines to deliver: no AbortSignal gathers
// listeners (Node warns at 11: MaxListenersExceededWarning), the long-lived ones keep what they
// had, and the heap stays within a bound. The figures are printed.

const POLLS = 3_000;
const WARM_UP = 300;
/** Node warns past 10 listeners on one signal; a loop that adds one per round gets there at once. */
const MOST_LISTENERS_ON_ONE_SIGNAL = 3;
const HEAP_GROWTH_LIMIT_MB = 16;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Answers every call of the plugin protocol at once; counts the long-polls. */
const startInstantPanel = async () => {
  const seen = { polls: 0, heartbeats: 0, events: 0 };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://panel').pathname.replace('/api/plugin/v1/', '');
      let data: unknown = { commands: [] };
      if (path === 'heartbeat') {
        seen.heartbeats += 1;
        data = { commands: [], nextHeartbeatSeconds: 1 };
      } else if (path === 'events') {
        const count = (JSON.parse(body) as { events: unknown[] }).events.length;
        seen.events += count;
        data = { accepted: count, duplicates: 0 };
      } else seen.polls += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, data }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** Every AbortSignal that was given an abort listener, held weakly, and the most any one had. */
const watchAbortListeners = () => {
  const signals = new Set<WeakRef<AbortSignal>>();
  const seen = new WeakSet<EventTarget>();
  let most = 0;
  // A plain wrapper, not a jest spy: a spy keeps every call's arguments, and so every signal.
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (
    this: EventTarget,
    ...args: Parameters<EventTarget['addEventListener']>
  ) {
    add.apply(this, args);
    if (args[0] !== 'abort' || !(this instanceof AbortSignal)) return;
    if (!seen.has(this)) {
      seen.add(this);
      signals.add(new WeakRef(this));
    }
    most = Math.max(most, getEventListeners(this, 'abort').length);
  };
  const alive = () =>
    [...signals].flatMap((ref) => {
      const signal = ref.deref();
      if (!signal) signals.delete(ref);
      return signal ? [signal] : [];
    });
  return { most: () => most, alive, restore: () => (EventTarget.prototype.addEventListener = add) };
};

const heapMb = async (): Promise<number> => {
  gc();
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

const until = async (check: () => boolean, timeoutMs: number): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

jest.setTimeout(180_000);

describe('outpost-bridge over thousands of long-polls', () => {
  let game: WebRconEmulator;
  let panel: Awaited<ReturnType<typeof startInstantPanel>>;
  let dataDir: string;
  beforeEach(async () => {
    game = await startWebRconEmulator({ password: 'soak', hostname: 'Soak', maxPlayers: 10 });
    game.addPlayer({ steamId: '76561198000000001', name: 'Rex' });
    panel = await startInstantPanel();
    dataDir = mkdtempSync(join(tmpdir(), 'bridge-soak-'));
  });
  afterEach(async () => {
    await game.stop();
    await panel.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the listeners on its signals and its heap flat', async () => {
    const listeners = watchAbortListeners();
    const bridge = new Bridge(
      {
        url: panel.url,
        token: 'opsrv_soak',
        rconHost: game.host,
        rconPort: game.port,
        rconPassword: 'soak',
        dataDir,
      },
      quiet,
      // No pause between rounds: as many long-polls as the machine can make.
      { retryDelay: () => 0 },
    );
    const lines = setInterval(() => game.line(`soak line ${Date.now()}`), 20);
    try {
      bridge.start();
      await until(() => panel.seen.polls >= WARM_UP, 60_000);
      const heapBefore = await heapMb();
      const longLived = new Map(listeners.alive().map((s) => [s, getEventListeners(s, 'abort').length]));
      const started = Date.now();

      await until(() => panel.seen.polls >= POLLS, 150_000);
      const heapAfter = await heapMb();
      const stillAlive = [...longLived].filter(([signal]) => listeners.alive().includes(signal));
      const before = stillAlive.reduce((sum, [, count]) => sum + count, 0);
      const after = stillAlive.reduce((sum, [signal]) => sum + getEventListeners(signal, 'abort').length, 0);

      process.stdout.write(
        [
          `bridge soak: ${panel.seen.polls - WARM_UP} long-polls in ${Date.now() - started} ms`,
          `(${panel.seen.heartbeats} heartbeats, ${panel.seen.events} events delivered in all)`,
          `most abort listeners on one signal: ${listeners.most()} (Node warns past 10)`,
          `listeners on the ${stillAlive.length} signals alive since the warm-up: ${before} then ${after}`,
          `heap after GC: ${heapBefore.toFixed(1)} MB then ${heapAfter.toFixed(1)} MB (limit +${HEAP_GROWTH_LIMIT_MB} MB)`,
        ].join('\n') + '\n',
      );
      expect(listeners.most()).toBeLessThanOrEqual(MOST_LISTENERS_ON_ONE_SIGNAL);
      expect(after).toBeLessThanOrEqual(before);
      expect(heapAfter - heapBefore).toBeLessThan(HEAP_GROWTH_LIMIT_MB);
      expect(panel.seen.events).toBeGreaterThan(0);
    } finally {
      clearInterval(lines);
      await bridge.stop(1_000);
      listeners.restore();
    }
  });
});
