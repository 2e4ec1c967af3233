import { gameCommandFor, resultFor } from './game-commands';
import { frameToEvent } from './parse-frames';
import {
  parseConvarNumber,
  parsePlayerList,
  parsePlayerListPos,
  parseServerInfo,
  toHeartbeat,
} from './parse-state';
import { reconnectDelayMs } from './reconnect';
import { webRconUrl } from './wire';

const REX = '76561198000000001';
const BOB = '76561198000000002';
const frame = (Message: string, Type = 'Generic', Identifier = 0) => ({ Message, Type, Identifier });

describe('serverinfo, playerlist, playerlistpos', () => {
  const info = JSON.stringify({
    Hostname: 'EU Main | Vanilla',
    MaxPlayers: 200,
    Players: 2,
    Queued: 3,
    Joining: 0,
    EntityCount: 81234,
    GameTime: '11/25/2026 12:00:00',
    Uptime: 3600,
    Map: 'Procedural Map',
    Framerate: 59.8,
    Memory: 4123,
    Collections: 12,
    NetworkIn: 120,
    NetworkOut: 480,
    Restarting: false,
    SaveCreatedTime: '2026-11-20T18:00:00Z',
    Version: 2590,
    Protocol: '2590.262.1',
  });
  const players = JSON.stringify([
    {
      SteamID: REX,
      OwnerSteamID: '0',
      DisplayName: 'Rex the Builder',
      Ping: 42,
      Address: '203.0.113.10:61001',
      ConnectedSeconds: 600,
      VoiationLevel: 0.0,
      CurrentLevel: 0.0,
      UnspentXp: 0.0,
      Health: 87.5,
    },
    { SteamID: BOB, DisplayName: '   ', Ping: 12, Address: '[2001:db8::7]:50000', ConnectedSeconds: 5 },
    { SteamID: '12', DisplayName: 'not a steam id' },
  ]);
  const positions = [
    'SteamID           DisplayName     POS                       ROT',
    `${REX} Rex the Builder (-1027.08, 0.31, 668.11) (-0.72, 0.00, 0.69)`,
    `${BOB}                 (1627.04, 2.02, 1795.76) (-0.15, 0.04, 0.99)`,
    '',
  ].join('\n');

  it('makes one heartbeat of them', () => {
    const heartbeat = toHeartbeat({
      info: parseServerInfo(info)!,
      players: parsePlayerList(players)!,
      positions: parsePlayerListPos(positions),
      worldSize: parseConvarNumber('server.worldsize: "4250"'),
      seed: parseConvarNumber('server.seed: 1337'),
    });
    expect(heartbeat).toEqual({
      hostname: 'EU Main | Vanilla',
      map: 'Procedural Map',
      maxPlayers: 200,
      fps: 59.8,
      entities: 81234,
      memoryMb: 4123,
      queued: 3,
      networkIn: 120,
      networkOut: 480,
      uptimeSeconds: 3600,
      version: '2590',
      worldSize: 4250,
      seed: 1337,
      players: [
        {
          steamId: REX,
          name: 'Rex the Builder',
          ip: '203.0.113.10',
          ping: 42,
          connectedSeconds: 600,
          position: { x: -1027.08, y: 0.31, z: 668.11 },
        },
        {
          steamId: BOB,
          name: BOB,
          ip: '2001:db8::7',
          ping: 12,
          connectedSeconds: 5,
          position: { x: 1627.04, y: 2.02, z: 1795.76 },
        },
      ],
    });
  });

  it('refuses replies that are not what was asked', () => {
    expect(parseServerInfo('Command not found')).toBeNull();
    expect(parsePlayerList('{"SteamID":"1"}')).toBeNull();
    expect(parsePlayerListPos('id name ping connected addr owner violation kicks')).toBeNull();
    expect(parseConvarNumber('Command not found')).toBeNull();
  });
});

describe('frames to events', () => {
  it.each([
    [
      'a join line',
      frame(`203.0.113.10:61001/${REX}/Rex the Builder joined [windows/${REX}]`),
      { type: 'connect', steamId: REX, name: 'Rex the Builder', ip: '203.0.113.10' },
    ],
    [
      'a disconnect line',
      frame(`203.0.113.10:61001/${REX}/Rex the Builder disconnecting: Kicked: spam`),
      { type: 'disconnect', steamId: REX, reason: 'Kicked: spam' },
    ],
    [
      'a kill line',
      frame(`Bob[1234568/${BOB}] was killed by Rex the Builder[1234567/${REX}]`),
      { type: 'kill', victimSteamId: BOB, killerSteamId: REX },
    ],
    [
      'a global chat frame',
      frame(
        JSON.stringify({
          Channel: 0,
          Message: 'hi all',
          UserId: REX,
          Username: 'Rex',
          Color: '#5af',
          Time: 1,
        }),
        'Chat',
        -1,
      ),
      { type: 'chat', steamId: REX, name: 'Rex', channel: 'global', message: 'hi all' },
    ],
    [
      'a team chat frame',
      frame(
        JSON.stringify({ Channel: 1, Message: 'base', UserId: REX, Username: 'Rex', Time: 1 }),
        'Chat',
        -1,
      ),
      { type: 'chat', steamId: REX, name: 'Rex', channel: 'team', message: 'base' },
    ],
    [
      'the server saying something',
      frame(
        JSON.stringify({ Channel: 0, Message: 'Kicking Bob (spam)', UserId: '0', Username: 'SERVER' }),
        'Chat',
        -1,
      ),
      { type: 'console', level: 'info', message: '[CHAT] SERVER: Kicking Bob (spam)' },
    ],
    [
      'an F7 report',
      frame(
        JSON.stringify({
          PlayerId: REX,
          PlayerName: 'Rex',
          TargetId: BOB,
          TargetName: 'Bob',
          Subject: 'aimbot',
          Message: 'snaps to heads through walls',
          Type: 'cheat',
        }),
        'Report',
        -1,
      ),
      {
        type: 'report',
        reporterSteamId: REX,
        targetSteamId: BOB,
        reporterName: 'Rex',
        targetName: 'Bob',
        subject: 'aimbot',
        message: 'snaps to heads through walls',
        category: 'cheat',
      },
    ],
    [
      'a death by an animal',
      frame(`Bob[1234568/${BOB}] was killed by bear`),
      { type: 'console', level: 'info', message: `Bob[1234568/${BOB}] was killed by bear` },
    ],
    [
      'a death by an NPC',
      frame(`Bob[1234568/${BOB}] was killed by scientistnpc_roam[2345678/1234567]`),
      {
        type: 'console',
        level: 'info',
        message: `Bob[1234568/${BOB}] was killed by scientistnpc_roam[2345678/1234567]`,
      },
    ],
    [
      'a warning line',
      frame('Invalid Position: player/Bob (destroying)', 'Warning'),
      { type: 'console', level: 'warning', message: 'Invalid Position: player/Bob (destroying)' },
    ],
    [
      'a chat frame that is not JSON',
      frame('[CHAT] Rex : hi', 'Chat', -1),
      { type: 'console', level: 'info', message: '[CHAT] Rex : hi' },
    ],
    [
      'an error line',
      frame('NullReferenceException', 'Error'),
      { type: 'console', level: 'error', message: 'NullReferenceException' },
    ],
  ])('%s', (_name, input, expected) => {
    expect(frameToEvent(input)).toEqual(expected);
  });

  it('drops only empty lines, and the log echo of a chat message (its Chat frame is the event)', () => {
    expect(frameToEvent(frame('   '))).toBeNull();
    expect(frameToEvent(frame(`[CHAT] Rex[${REX}] : hi`))).toBeNull();
    expect(frameToEvent(frame(`[TEAM CHAT] Rex[${REX}] : base at G12`))).toBeNull();
    expect(frameToEvent(frame('[CHAT] SERVER : Restart in 5 minutes'))).toBeNull();
    // A warning that merely mentions chat is the server's own line.
    expect(frameToEvent(frame('[CHAT] Rex : hi', 'Warning'))).toMatchObject({ type: 'console' });
  });
});

describe('panel commands to game commands', () => {
  it('writes each as the game takes it, quotes made safe', () => {
    expect(gameCommandFor({ id: '1', type: 'kick', steamId: REX, reason: 'said "hi"\nrude' })).toBe(
      `kick ${REX} "said 'hi' rude"`,
    );
    expect(gameCommandFor({ id: '2', type: 'ban', steamId: REX, name: 'Rex', reason: 'cheating' })).toBe(
      `banid ${REX} "Rex" "cheating"`,
    );
    expect(
      gameCommandFor({
        id: '3',
        type: 'ban',
        steamId: REX,
        name: 'Rex',
        reason: 'cheating',
        expiresAt: '2030-01-01T00:00:00Z',
      }),
    ).toBe(`banid ${REX} "Rex" "cheating" 1893456000`);
    expect(gameCommandFor({ id: '4', type: 'unban', steamId: REX, reason: '' })).toBe(`unban ${REX}`);
    expect(gameCommandFor({ id: '5', type: 'warn', steamId: REX, name: 'Rex', reason: 'no racing' })).toBe(
      'say Rex, warning: no racing',
    );
    expect(gameCommandFor({ id: '6', type: 'console', command: 'server.save' })).toBe('server.save');
  });

  it('reads refusals from the reply', () => {
    expect(resultFor('Kicked: Rex')).toEqual({ ok: true, output: 'Kicked: Rex' });
    expect(resultFor('Player not found')).toEqual({ ok: false, output: 'Player not found' });
    // Oxide's usergroup command on a modded server.
    expect(resultFor("Player 'Rex(76561198000000001)' added to group: vip").ok).toBe(true);
    expect(resultFor("Group 'vipp' doesn't exist").ok).toBe(false);
    expect(resultFor("Player 'Nobody' not found").ok).toBe(false);
    expect(resultFor('Usage: oxide.usergroup <add|remove> <username> <groupname>').ok).toBe(false);
    expect(resultFor("Command 'nope' not found", 'Warning')).toEqual({
      ok: false,
      output: "Command 'nope' not found",
    });
    expect(resultFor(null)).toEqual({ ok: true, output: '' });
  });
});

it('follows the spec reconnect schedule', () => {
  expect([1, 5, 6, 15, 16, 100, 101, 1000].map(reconnectDelayMs)).toEqual([
    1000, 1000, 5000, 5000, 10000, 10000, 60000, 60000,
  ]);
});

it('puts the URL-encoded password in the path', () => {
  expect(webRconUrl('rust.example.com', 28016, 'p@ss/w rd')).toBe(
    'ws://rust.example.com:28016/p%40ss%2Fw%20rd',
  );
  expect(webRconUrl('::1', 28016, 'x')).toBe('ws://[::1]:28016/x');
});
