import { PLAYER_COMMAND_TTL_SECONDS } from '@outpost/contracts';

/** The name of the variable that overrides PLAYER_COMMAND_TTL_SECONDS (README, Configuration). */
export const COMMAND_TTL_VARIABLE = 'PLAYER_COMMAND_TTL_SECONDS';

/** How long a kick or warn waits for its game server before it expires, in seconds. */
export class CommandTtl {
  constructor(readonly seconds: number) {}

  /**
   * From the environment (10 to 86400 seconds), else 5 minutes. A bad value stops the start with
   * a message naming the variable, as the panel's other settings do.
   */
  static fromEnv(env: NodeJS.ProcessEnv = process.env): CommandTtl {
    const raw = env[COMMAND_TTL_VARIABLE]?.trim();
    if (!raw) return new CommandTtl(PLAYER_COMMAND_TTL_SECONDS);
    const seconds = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
    if (!(seconds >= 10 && seconds <= 86_400))
      throw new Error(`${COMMAND_TTL_VARIABLE} must be a whole number of seconds between 10 and 86400`);
    return new CommandTtl(seconds);
  }
}
