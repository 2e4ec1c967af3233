import type { LiveEvent, Role } from '@outpost/contracts';
import { frameOf, viewOf } from './live-visibility';

const base = { networkId: 'n1', serverId: 's1' };
const connect: LiveEvent = {
  type: 'log.entry',
  ...base,
  entry: {
    type: 'connect',
    id: 'e1',
    serverId: 's1',
    serverName: 'EU',
    at: '2026-11-25T10:00:00.000Z',
    player: { steamId: '76561198000000001', name: 'Rai' },
    ip: '203.0.113.5',
  },
};
const consoleLine: LiveEvent = {
  type: 'console.entry',
  ...base,
  entry: { kind: 'line', id: 'c1', level: 'info', message: 'saved', at: '2026-11-25T10:00:00.000Z' },
};
const consoleLog: LiveEvent = {
  type: 'log.entry',
  ...base,
  entry: {
    type: 'console',
    id: 'e2',
    serverId: 's1',
    serverName: 'EU',
    at: '2026-11-25T10:00:00.000Z',
    level: 'info',
    message: 'Saved 41,201 ents',
  },
};
const rcon: LiveEvent = {
  type: 'server.rcon',
  ...base,
  state: 'connected',
  lastError: null,
  connectedAt: null,
  refusedAt: null,
};
const status: LiveEvent = {
  type: 'server.status',
  ...base,
  status: 'online',
  playerCount: 1,
  maxPlayers: 10,
  at: '2026-11-25T10:00:00.000Z',
};

const kicked: LiveEvent = {
  type: 'command.completed',
  ...base,
  command: {
    id: 'k1',
    serverId: 's1',
    type: 'kick',
    status: 'succeeded',
    output: 'Kicked Rai',
    createdAt: '2026-11-25T10:00:00.000Z',
    deliveredAt: '2026-11-25T10:00:00.100Z',
    completedAt: '2026-11-25T10:00:00.200Z',
    expiresAt: '2026-11-25T10:05:00.000Z',
  },
};

const seenBy = (event: LiveEvent) =>
  (['owner', 'admin', 'moderator', 'member'] as Role[]).map((role) => viewOf(event, role) !== null);

describe('viewOf', () => {
  it('follows the role matrix', () => {
    expect(seenBy(status)).toEqual([true, true, true, true]);
    expect(seenBy(consoleLine)).toEqual([true, true, true, false]);
    expect(seenBy(rcon)).toEqual([true, true, false, false]);
    // A command's outcome goes to those who may read commands (who may give kicks, warns, bans).
    expect(seenBy(kicked)).toEqual([true, true, true, false]);
  });

  it("keeps the Logs timeline's console lines from members without console.read", () => {
    expect(seenBy(consoleLog)).toEqual([true, true, true, false]);
    expect(seenBy(connect)).toEqual([true, true, true, true]);
  });

  it("strips a connect line's IP for members without players.viewIp, and leaves the event itself alone", () => {
    expect(viewOf(connect, 'admin')).toBe(connect);
    const member = viewOf(connect, 'member') as Extract<LiveEvent, { type: 'log.entry' }>;
    expect(member.entry).not.toHaveProperty('ip');
    expect(member.entry).toMatchObject({ type: 'connect', player: { name: 'Rai' } });
    expect(connect.entry).toHaveProperty('ip', '203.0.113.5');
  });
});

describe('frameOf', () => {
  it('writes one SSE frame, with the id only when given', () => {
    expect(frameOf({ type: 'ready' })).toBe('event: ready\ndata: {"type":"ready"}\n\n');
    expect(frameOf(status, 'b-1')).toBe(`id: b-1\nevent: server.status\ndata: ${JSON.stringify(status)}\n\n`);
  });
});
