import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startPanelStandIn,
  startWebRconEmulator,
  type PanelStandIn,
  type WebRconEmulator,
} from '@outpost/rcon/testing';

// The CLI as an admin runs it: the built bin in a child process, against the WebRCON emulator and
// a stand-in panel (real WebSocket and HTTP servers on loopback).

const ROOT = join(__dirname, '..');
const MAIN = join(ROOT, 'dist/main.js');
const TOKEN = 'opsrv_bridge_SECRET_token_42';
const PASSWORD = 'Rc0n "pass"/word&more';
const SECRETS = [TOKEN, PASSWORD, encodeURIComponent(PASSWORD), JSON.stringify(PASSWORD).slice(1, -1)];
const REX = '76561198000000001';

const until = async (check: () => boolean): Promise<void> => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 25));
};

type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Every byte any bridge printed in this suite, checked for secrets at the end. */
let allOutput = '';

const run = (args: string[], env: Record<string, string | undefined>): Run => {
  let output = '';
  const child = spawn(process.execPath, [MAIN, ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const take = (chunk: Buffer) => {
    output += String(chunk);
    allOutput += String(chunk);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
};

// A stop while the panel is away waits out the bridge's 5 s flush.
jest.setTimeout(30_000);

beforeAll(() => {
  execFileSync(process.execPath, [
    require.resolve('typescript/bin/tsc'),
    '-p',
    join(ROOT, 'tsconfig.build.json'),
  ]);
});

afterAll(() => {
  for (const secret of SECRETS) expect(allOutput).not.toContain(secret);
});

describe('outpost-bridge settings', () => {
  it('explains every setting with --help', async () => {
    const help = run(['--help'], {});
    expect(await help.exited).toBe(0);
    for (const name of [
      'OUTPOST_URL',
      'OUTPOST_TOKEN',
      'RCON_HOST',
      'RCON_PORT',
      'RCON_PASSWORD',
      'BRIDGE_DATA_DIR',
    ])
      expect(help.output()).toContain(name);
  });

  it('prints its version with --version', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const shown = run(['--version'], {});
    expect(await shown.exited).toBe(0);
    expect(shown.output()).toBe(`${version}\n`);
  });

  it.each([
    [{ OUTPOST_TOKEN: TOKEN, RCON_HOST: '127.0.0.1', RCON_PASSWORD: PASSWORD }, /OUTPOST_URL/],
    [
      { OUTPOST_URL: 'ftp://panel', OUTPOST_TOKEN: TOKEN, RCON_HOST: 'h', RCON_PASSWORD: PASSWORD },
      /OUTPOST_URL/,
    ],
    [{ OUTPOST_URL: 'http://panel', OUTPOST_TOKEN: TOKEN, RCON_HOST: 'h' }, /RCON_PASSWORD/],
    [
      {
        OUTPOST_URL: 'http://panel',
        OUTPOST_TOKEN: TOKEN,
        RCON_HOST: 'h',
        RCON_PASSWORD: PASSWORD,
        RCON_PORT: '70000',
      },
      /RCON_PORT/,
    ],
  ])('names a missing or malformed setting in one line and exits 2 (%#)', async (env, name) => {
    const bad = run([], env);
    expect(await bad.exited).toBe(2);
    expect(bad.output().split('\n')[0]).toMatch(name);
  });
});

describe('outpost-bridge against a game server and a panel', () => {
  let emulator: WebRconEmulator;
  let panel: PanelStandIn;
  let dataDir: string;
  let bridge: Run | null = null;

  const start = () =>
    (bridge = run([], {
      OUTPOST_URL: panel.url,
      OUTPOST_TOKEN: TOKEN,
      RCON_HOST: '127.0.0.1',
      RCON_PORT: String(emulator.port),
      RCON_PASSWORD: PASSWORD,
      BRIDGE_DATA_DIR: dataDir,
    }));
  const stop = async () => {
    bridge?.child.kill('SIGTERM');
    const code = await bridge?.exited;
    bridge = null;
    return code;
  };
  const chats = () => [...panel.events.values()].flatMap((e) => (e.type === 'chat' ? [e.message] : []));

  beforeEach(async () => {
    emulator = await startWebRconEmulator({ password: PASSWORD });
    emulator.addPlayer({ steamId: REX, name: 'Rex' });
    panel = await startPanelStandIn(TOKEN);
    dataDir = mkdtempSync(join(tmpdir(), 'bridge-'));
  });

  afterEach(async () => {
    if (bridge) await stop();
    await emulator.stop();
    await panel.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reports the players, carries out a kick, and reconnects after the server restarts', async () => {
    start();
    await until(() => panel.heartbeats.some((h) => h.players.some((p) => p.steamId === REX)));
    panel.queue({ id: 'kick-1', type: 'kick', steamId: REX, reason: 'afk' });
    await until(() => panel.results.has('kick-1'));
    expect(panel.results.get('kick-1')).toEqual({ ok: true, output: 'Kicked: Rex' });

    await emulator.stop();
    await until(() => /RCON 127\.0\.0\.1:\d+: (connecting|unreachable)/.test(bridge!.output()));
    emulator.addPlayer({ steamId: '76561198000000009', name: 'Back' });
    await emulator.restart();
    await until(() => panel.heartbeats.some((h) => h.players.some((p) => p.steamId === '76561198000000009')));
    expect(await stop()).toBe(0);
  });

  it('loses no chat line while the panel is down, and counts none twice', async () => {
    start();
    await until(() => panel.heartbeats.length > 0);
    await panel.stop();
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i}`);
    for (const line of lines) emulator.chat(REX, line);
    await until(() => bridge!.output().includes('events not delivered'));
    await panel.start();
    await until(() => chats().length >= lines.length);
    expect(chats().sort()).toEqual([...lines].sort());
    expect(await stop()).toBe(0);
  });

  it('keeps undelivered events on disk across a restart and delivers them after', async () => {
    start();
    await until(() => panel.heartbeats.length > 0);
    await panel.stop();
    emulator.chat(REX, 'kept 1');
    emulator.chat(REX, 'kept 2');
    await until(() => bridge!.output().includes('events not delivered'));
    expect(await stop()).toBe(0);
    await panel.start();
    emulator.chat(REX, 'while stopped'); // no bridge is listening: the game's broadcast reaches no one
    start();
    await until(() => chats().length >= 2);
    expect(bridge!.output()).toMatch(/2 events kept on disk from before/);
    expect(chats().sort()).toEqual(['kept 1', 'kept 2']);
  });

  it('says wrong_password without printing the password', async () => {
    await emulator.stop();
    emulator = await startWebRconEmulator({ password: 'something else' });
    start();
    await until(() => bridge!.output().includes('wrong_password'));
    expect(await stop()).toBe(0);
  });
});
