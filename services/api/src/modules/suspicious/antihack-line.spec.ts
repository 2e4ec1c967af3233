import { parseAntiHackLine } from './antihack-line';

// The formats are the game's own: AntiHack.LogToConsole (`{player} {type}: {message}`, with
// ` at {position}` in newer builds; a player prints as `Name[steamId]`) and the kick that
// AntiHack.EnforceViolations issues (`{type} Violation Level {level}`), printed with the
// connection (`ip:port/steamId/name kicked: reason`).
describe('parseAntiHackLine', () => {
  it('reads an enforcement line with its position', () => {
    expect(
      parseAntiHackLine(
        'Bob[76561198000000001] FlyHack: Enforcing (violation of 212.5) at (101.2, 30.0, -44.8)',
      ),
    ).toEqual({
      steamId: '76561198000000001',
      name: 'Bob',
      kind: 'FlyHack',
      level: 212.5,
      message: 'Bob[76561198000000001] FlyHack: Enforcing (violation of 212.5) at (101.2, 30.0, -44.8)',
    });
  });

  it('reads the older line without a position, and other AntiHack types', () => {
    expect(parseAntiHackLine('Ann[76561198000000002] SpeedHack: Enforcing (violation of 120)')).toMatchObject(
      {
        steamId: '76561198000000002',
        kind: 'SpeedHack',
        level: 120,
      },
    );
    expect(
      parseAntiHackLine(
        'Zed[76561198000000003] ProjectileHack: Line of sight (player_eyes to hit) at (1.0, 2.0, 3.0)',
      ),
    ).toMatchObject({ steamId: '76561198000000003', kind: 'ProjectileHack', level: null });
    expect(parseAntiHackLine('Zed[76561198000000003] NoClip: Enforcing (violation of 100)')).toMatchObject({
      kind: 'NoClip',
    });
  });

  it('reads a name that holds brackets', () => {
    expect(
      parseAntiHackLine(
        '[EU] Kev [1][76561198000000004] EyeHack: Eye distance (1.7 > 1.5) at (0.0, 0.0, 0.0)',
      ),
    ).toMatchObject({ steamId: '76561198000000004', name: '[EU] Kev [1]', kind: 'EyeHack' });
  });

  it('reads the kick a violation level caused', () => {
    expect(
      parseAntiHackLine('203.0.113.7:52144/76561198000000005/Mia kicked: FlyHack Violation Level 253.17'),
    ).toEqual({
      steamId: '76561198000000005',
      name: 'Mia',
      kind: 'FlyHack',
      level: 253.17,
      message: '203.0.113.7:52144/76561198000000005/Mia kicked: FlyHack Violation Level 253.17',
    });
  });

  it('ignores other lines: chat that mentions a hack, other kicks, joins, plain text', () => {
    for (const line of [
      '[CHAT] Bob[76561198000000001] : FlyHack: Enforcing (violation of 999)',
      '203.0.113.7:52144/76561198000000005/Mia kicked: AFK',
      '203.0.113.7:52144/76561198000000005/Mia joined [windows/76561198000000005]',
      'Saved 41,212 ents, cache(0.05), write(0.01), disk(0.01).',
      'Bob[76561198000000001] was killed by Ann[76561198000000002]',
      '',
    ])
      expect(parseAntiHackLine(line)).toBeNull();
  });
});
