import {
  averagePlayers,
  capacityStats,
  formatHealth,
  networkAnalytics,
  peakPlayers,
  serverHealth,
} from './index';

const servers = [
  { status: 'online', playerCount: 40, maxPlayers: 100, uptime: 7200 },
  { status: 'online', playerCount: 5, maxPlayers: 50, uptime: 3600 },
  { status: 'offline', playerCount: 0, maxPlayers: 200, uptime: 0 },
  { status: 'starting', playerCount: 0 },
];

describe('server health: percentage online of the servers that have reported', () => {
  it('counts only online servers', () => {
    expect(serverHealth(servers)).toBe(50);
    expect(serverHealth([{ status: 'online' }, { status: 'online' }, { status: 'offline' }])).toBe(67);
  });

  it('leaves out servers that never reported: they are not down', () => {
    const waiting = { status: 'offline', lastSeenAt: null };
    const reported = '2026-11-28T01:00:00.000Z';
    expect(serverHealth([{ status: 'online', lastSeenAt: reported }, waiting, waiting])).toBe(100);
    expect(serverHealth([{ status: 'offline', lastSeenAt: reported }, waiting])).toBe(0);
  });

  it('has no figure with no servers, or none that reported', () => {
    expect(serverHealth([])).toBeNull();
    expect(serverHealth([{ status: 'offline', lastSeenAt: null }])).toBeNull();
    expect(formatHealth(null)).toBe('—');
    expect(formatHealth(67)).toBe('67%');
  });
});

describe('average and peak players (spec section 9)', () => {
  it('rounds the average over every server', () => {
    expect(averagePlayers(servers)).toBe(11); // 45 / 4 = 11.25
    expect(
      averagePlayers([
        { status: 'online', playerCount: 1 },
        { status: 'online', playerCount: 2 },
      ]),
    ).toBe(2); // 1.5
    expect(averagePlayers([])).toBe(0);
  });

  it('reads `players` when a payload has no playerCount', () => {
    expect(averagePlayers([{ status: 'online', players: 9 }])).toBe(9);
  });

  it('takes the largest maxPlayers as the peak, 8 when missing, 0 with no servers', () => {
    expect(peakPlayers(servers)).toBe(200);
    expect(peakPlayers([{ status: 'online' }])).toBe(8);
    expect(peakPlayers([])).toBe(0);
  });
});

describe('networkAnalytics', () => {
  it('gives the Analytics tab figures', () => {
    expect(networkAnalytics(servers)).toEqual({
      averagePlayers: 11,
      peakPlayers: 200,
      uptimePercent: 50,
      averageUptime: 5400,
      online: 2,
      offline: 1,
      waiting: 0,
    });
  });

  it('is all zero with no servers, and no uptime figure', () => {
    expect(networkAnalytics([])).toEqual({
      averagePlayers: 0,
      peakPlayers: 0,
      uptimePercent: null,
      averageUptime: 0,
      online: 0,
      offline: 0,
      waiting: 0,
    });
  });

  it('counts a server that never reported as waiting, not offline', () => {
    expect(networkAnalytics([{ status: 'offline', lastSeenAt: null }])).toMatchObject({
      uptimePercent: null,
      offline: 0,
      waiting: 1,
    });
  });
});

describe('capacityStats: the Players tab cards', () => {
  it('sums players and capacity (8 per server without maxPlayers)', () => {
    expect(capacityStats(servers)).toEqual({
      onlinePlayers: 45,
      totalCapacity: 358,
      capacityUsage: 13,
      averagePerServer: 11,
    });
  });

  it('accepts totals the API already computed', () => {
    expect(capacityStats({ onlinePlayers: 30, totalCapacity: 40, serverCount: 4 })).toEqual({
      onlinePlayers: 30,
      totalCapacity: 40,
      capacityUsage: 75,
      averagePerServer: 8,
    });
  });

  it('reports 0% usage when there is no capacity', () => {
    expect(capacityStats([])).toEqual({
      onlinePlayers: 0,
      totalCapacity: 0,
      capacityUsage: 0,
      averagePerServer: 0,
    });
    expect(capacityStats({ onlinePlayers: 0, totalCapacity: 0, serverCount: 0 }).capacityUsage).toBe(0);
  });
});
