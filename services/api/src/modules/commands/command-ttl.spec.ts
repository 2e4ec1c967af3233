import { PLAYER_COMMAND_TTL_SECONDS } from '@outpost/contracts';
import { CommandTtl } from './command-ttl';

describe('CommandTtl', () => {
  it('is 5 minutes unless PLAYER_COMMAND_TTL_SECONDS says otherwise', () => {
    expect(PLAYER_COMMAND_TTL_SECONDS).toBe(300);
    expect(CommandTtl.fromEnv({}).seconds).toBe(300);
    expect(CommandTtl.fromEnv({ PLAYER_COMMAND_TTL_SECONDS: ' 60 ' }).seconds).toBe(60);
  });

  it.each(['9', '86401', '1.5', 'five', '-30'])('refuses %s, naming the variable', (value) => {
    expect(() => CommandTtl.fromEnv({ PLAYER_COMMAND_TTL_SECONDS: value })).toThrow(
      'PLAYER_COMMAND_TTL_SECONDS must be a whole number of seconds between 10 and 86400',
    );
  });
});
