import { resultFor } from '../game-commands';
import { EmulatedGame } from './emulated-game';

const REX = '76561198000000001';
const AWAY = '76561198000000009';

describe('EmulatedGame: Oxide’s groups on a modded server', () => {
  const modded = () => {
    const game = new EmulatedGame({ oxide: { groups: ['VIP'] } });
    game.players.set(REX, game.newPlayer({ steamId: REX, name: 'Rex' }));
    return game;
  };

  it('answers oxide.usergroup add and remove as Oxide.Rust does, and keeps who is in each group', () => {
    const game = modded();
    const added = game.run(`oxide.usergroup add ${REX} vip`);
    expect(added.reply).toEqual({ message: `Player 'Rex(${REX})' added to group: vip` });
    expect(game.oxideGroups.get('vip')).toEqual(new Set([REX]));
    // The panel takes Oxide's answer for success.
    expect(resultFor(added.reply?.message ?? null)).toEqual({ ok: true, output: added.reply?.message });

    // A Steam ID that is not on the server, and an alias.
    expect(game.run(`o.usergroup add ${AWAY} vip`).reply?.message).toBe(
      `Player '${AWAY}' added to group: vip`,
    );
    expect(game.run(`oxide.usergroup remove ${REX} vip`).reply?.message).toBe(
      `Player 'Rex(${REX})' removed from group 'vip'`,
    );
    expect(game.oxideGroups.get('vip')).toEqual(new Set([AWAY]));
  });

  it('refuses an unknown group or player, and a short command, with Oxide’s words', () => {
    const game = modded();
    expect(game.run(`oxide.usergroup add ${REX} gold`).reply?.message).toBe("Group 'gold' doesn't exist");
    expect(game.run('oxide.usergroup add Nobody vip').reply?.message).toBe("Player 'Nobody' not found");
    expect(game.run('oxide.usergroup add').reply?.message).toBe(
      'Usage: usergroup <add|remove> <username> <groupname>',
    );
    expect(game.oxideGroups.get('vip')).toEqual(new Set());
  });

  it('on a vanilla server the command is unknown, as the game says', () => {
    const game = new EmulatedGame();
    expect(game.run(`oxide.usergroup add ${REX} vip`).reply).toEqual({
      message: "Command 'oxide.usergroup' not found",
      type: 'Warning',
    });
  });
});
