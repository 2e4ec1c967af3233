import { capacityStats, formatHealth, serverHealth } from './index';

const servers = [
  { status: 'online', playerCount: 40, maxPlayers: 100 },
  { status: 'online', playerCount: 5, maxPlayers: 50 },
  { status: 'offline', playerCount: 0, maxPlayers: 200 },
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
