/** An AntiHack violation read from a line the game server printed. */
export type AntiHackLine = {
  steamId: string;
  name: string;
  kind: string;
  level: number | null;
  message: string;
};

// The game's AntiHackType names (FlyHack, SpeedHack, ProjectileHack, MeleeHack, EyeHack, NoClip,
// InsideTerrain...): any "...Hack" is taken, so a type a later game update adds is read too.
const KIND = '([A-Z][A-Za-z]*Hack|NoClip|InsideTerrain)';

/**
 * AntiHack.LogToConsole: `{player} {type}: {message}` (newer builds add ` at {position}`), where a
 * player prints as `Name[steamId]`, e.g. `Bob[76561198000000001] FlyHack: Enforcing (violation of
 * 212.5) at (101.2, 30.0, -44.8)`. The name may itself hold brackets, so the steamId is the last
 * `[17 digits]` before the type.
 */
const LOGGED = new RegExp(`^(.*)\\[(\\d{17})\\] ${KIND}: (.+?)(?: at \\([-\\d., ]+\\))?$`);

/**
 * AntiHack.EnforceViolations kicks with the reason `{type} Violation Level {level}`, which the
 * server prints as the connection's kick: `{ip}:{port}/{steamId}/{name} kicked: {reason}`.
 */
const KICKED = new RegExp(`^\\S+/(\\d{17})/(.*) kicked: (?:Kicked: )?${KIND} Violation Level ([\\d.]+)\\s*$`);

const ENFORCING = /violation of ([\d.]+)\)/;

const levelOf = (text: string | undefined): number | null => {
  const level = text === undefined ? NaN : Number(text);
  return Number.isFinite(level) ? level : null;
};

/**
 * The violation a console line tells of, or null for any other line. Only the game's own formats
 * are read (see above), so a player who types "FlyHack:" in chat is not counted: chat reaches the
 * console as `[CHAT] Name[steamId] : text`, which neither pattern matches.
 */
export const parseAntiHackLine = (line: string): AntiHackLine | null => {
  const text = line.trim();
  const logged = LOGGED.exec(text);
  if (logged) {
    const [, name, steamId, kind, message] = logged;
    return { steamId, name: name.trim(), kind, level: levelOf(ENFORCING.exec(message)?.[1]), message: text };
  }
  const kicked = KICKED.exec(text);
  if (kicked) {
    const [, steamId, name, kind, level] = kicked;
    return { steamId, name: name.trim(), kind, level: levelOf(level), message: text };
  }
  return null;
};
