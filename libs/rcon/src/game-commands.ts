import type { CommandResultRequest, PluginCommand } from '@outpost/contracts';

/**
 * A console argument: Rust splits a line by spaces and takes "double-quoted" text as one argument
 * with no escape for a quote inside, so quotes become apostrophes and line breaks spaces.
 */
export const quoteArg = (text: string): string => `"${text.replace(/"/g, "'").replace(/[\r\n\0]+/g, ' ')}"`;

/**
 * Text for `say`, which takes the rest of the line as typed (arg.FullString): unquoted, so a line
 * break or a `;` in it could end the command and start another where a console reads them so; line
 * breaks become spaces and `;` the full-width '；', which reads the same in chat.
 */
export const sayText = (text: string): string =>
  text
    .replace(/[\r\n\0]+/g, ' ')
    .replace(/;/g, '；')
    .trim();

/**
 * The console line that carries out a panel command (the game's own commands, decompiled
 * ConVar.Admin):
 *
 * | panel | console line | the game's reply |
 * |---|---|---|
 * | kick | `kick <steamid> "<reason>"` | `Kicked: <name>` / `Player not found` |
 * | ban | `banid <steamid> "<name>" "<reason>" [<expiry>]` | `Banned User: <id> - "<name>" for "<reason>"` |
 * | unban | `unban <steamid>` | `Unbanned User: <id>` / `User <id> isn't banned` |
 * | warn | `say <name>, warning: <reason>` | none (a chat broadcast) |
 * | console | the text as typed | whatever it prints, or none |
 *
 * banid's fourth argument goes through ConsoleSystem.Arg.GetTimestamp: a number up to ten years
 * is a duration from now (unit suffix s/m/h/d/w/M/Y, hours by default), a larger one an absolute
 * Unix time. A ban with expiresAt passes the absolute Unix seconds, so it ends when the panel says
 * whatever the clock skew between the two sides.
 *
 * Warn: vanilla Rust has no console command that messages one player (`say` is the only chat
 * command an RCON client has; Oxide's per-player messages need a plugin), so a warning is said in
 * global chat, addressed to the player by name. Everyone on the server sees it.
 */
export const gameCommandFor = (command: PluginCommand): string => {
  switch (command.type) {
    case 'console':
      return command.command;
    case 'kick':
      return `kick ${command.steamId} ${quoteArg(command.reason)}`;
    case 'ban': {
      const expiry = command.expiresAt ? Math.floor(Date.parse(command.expiresAt) / 1000) : NaN;
      const name = command.name ?? command.steamId;
      const base = `banid ${command.steamId} ${quoteArg(name)} ${quoteArg(command.reason)}`;
      return Number.isFinite(expiry) ? `${base} ${expiry}` : base;
    }
    case 'unban':
      return `unban ${command.steamId}`;
    case 'warn':
      return `say ${sayText(`${command.name ?? command.steamId}, warning: ${command.reason}`)}`;
  }
};

/**
 * Replies by which the game says it did not do what was asked (ConVar.Admin's messages, and
 * Oxide's `oxide.usergroup`/`oxide.grant` ones on a modded server).
 */
const REFUSALS = [
  /^Player not found/,
  /^Player '.*' not found/,
  /^Group '.*' doesn't exist/,
  /^Usage: /,
  /^This doesn't appear to be a 64bit steamid/,
  /^Expiry time is in the past/,
  /^Command '.*' not found/,
  /^Command not found/,
  /^Unknown command/i,
];

/**
 * The result to post for a command, from the game's reply (null: no reply within the timeout).
 * Silence is success: Rust answers nothing for a command that prints nothing (`say`, setting a
 * convar), so a command that was sent and not refused is reported done, with an empty output.
 * "Already banned" and "isn't banned" are the state the panel asked for, so they succeed too.
 */
export const resultFor = (reply: string | null, type?: string): CommandResultRequest => {
  if (reply === null) return { ok: true, output: '' };
  const output = reply.replace(/\0/g, '').slice(0, 10_000);
  const refused = type === 'Error' || REFUSALS.some((pattern) => pattern.test(output.trim()));
  return { ok: !refused, output };
};
