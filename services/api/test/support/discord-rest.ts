// The Discord stand-in's own suites: the stand-in with a guild, and @discordjs/rest pointed at it
// (api: <origin>/api, version 10) as the panel points it at Discord.
import { DiscordAPIError, REST } from '@discordjs/rest';
import { startDiscordStandIn, type DiscordStandIn } from '@outpost/discord-stand-in';

export type DiscordRest = { discord: DiscordStandIn; rest: REST; guildId: string };

export const openDiscordRest = async (): Promise<DiscordRest> => {
  const discord = await startDiscordStandIn();
  const rest = new REST({ api: `${discord.origin}/api`, version: '10' }).setToken(discord.botToken);
  return { discord, rest, guildId: discord.addGuild({ name: 'Rust Legends' }) };
};

export const closeDiscordRest = async ({ discord, rest }: DiscordRest): Promise<void> => {
  rest.clearHashSweeper();
  rest.clearHandlerSweeper();
  await discord.close();
};

/** The status and Discord error code a call was refused with (it must be refused). */
export const refusal = async (call: Promise<unknown>): Promise<{ status: number; code: number | string }> => {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof DiscordAPIError))
    throw new Error(`expected a DiscordAPIError, got ${String(error)}`);
  return { status: error.status, code: error.code };
};

/** Opens it before the suite's tests (handing it to `set`) and closes it after them. */
export const useDiscordRest = (set: (opened: DiscordRest) => void): void => {
  let opened: DiscordRest | undefined;
  beforeAll(async () => set((opened = await openDiscordRest())));
  afterAll(() => opened && closeDiscordRest(opened));
};
