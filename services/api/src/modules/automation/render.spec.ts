import { EmulatedGame } from '@outpost/rcon/testing';
import { consoleLine, sentBy } from './render';

// A value put into a console command stays one argument of one command, whatever a player calls
// themselves: checked against the repo's emulator, which reads a line break or a `;` outside
// double quotes as the start of another command (the strictest reading of a console line).
const HOSTILE_NAMES = [
  'x"; ban 76561198000000009 "',
  'Bob; quit',
  'Eve\nquit',
  'Mal\r\nbanid 76561198000000009 "x" "y"',
  '"; "',
  'plain name',
];

describe('automation text', () => {
  it.each(HOSTILE_NAMES)('keeps the name %j one argument of one command', (name) => {
    const game = new EmulatedGame();
    const line = consoleLine('oxide.usergroup add {player.steamId} vip "{player.name}" {player.name}', {
      player: { steamId: '76561198000000001', name },
    });
    game.run(line);
    expect(game.executed).toHaveLength(1);
    expect(game.executed[0].startsWith('oxide.usergroup add "76561198000000001" vip')).toBe(true);
    expect(game.bans.size).toBe(0);
  });

  it.each(HOSTILE_NAMES)('keeps a broadcast naming %j one say', (name) => {
    const game = new EmulatedGame();
    const line = sentBy(
      { type: 'broadcast', message: 'Welcome {player.name}!' },
      { player: { steamId: '1', name } },
    );
    const outcome = game.run(line);
    expect(game.executed).toHaveLength(1);
    expect(outcome.broadcasts).toHaveLength(1);
  });

  it('fills the variables a run has and leaves the others as typed', () => {
    expect(
      sentBy(
        { type: 'warn', message: '{player.name} on {server.name}: {match.1} ({count}) {unknown}' },
        {
          player: { steamId: '7', name: 'Rex' },
          server: { name: 'EU Main' },
          match: ['!ban x', 'x'],
          count: 3,
        },
      ),
    ).toBe('Rex on EU Main: x (3) {unknown}');
    expect(sentBy({ type: 'broadcast', message: 'Hi {player.name}' }, {})).toBe('say Hi {player.name}');
  });
});
