// What a Rust server's console prints for status, serverinfo, say and a command it does not know,
// after the game's own text (decompiled ConVar.Admin: status, serverinfo, say; ConsoleSystem's
// "not found" warning). The WebRCON emulator and the simulated servers both answer with it, so a
// server reads the same to the panel whichever way it is connected.

/** What `serverinfo` prints as JSON: Rust's field names, in its order. */
export type RustServerInfo = {
  Hostname: string;
  MaxPlayers: number;
  Players: number;
  Queued: number;
  Joining: number;
  ReservedSlots: number;
  EntityCount: number;
  /** The in-game clock as .NET prints a DateTime (`11/25/2026 12:00:00`). */
  GameTime: string;
  Uptime: number;
  Map: string;
  Framerate: number;
  Memory: number;
  MemoryUsageSystem: number;
  Collections: number;
  NetworkIn: number;
  NetworkOut: number;
  Restarting: boolean;
  SaveCreatedTime: string;
  Version: number;
  Protocol: string;
};

/** A row of the `status` table. */
export type RustStatusPlayer = {
  steamId: string;
  name: string;
  ping: number;
  connectedSeconds: number;
  ip: string;
};

/** What the console reads to answer; asked only when a command needs it. */
export type RustConsoleState = {
  serverInfo: () => RustServerInfo;
  players: () => RustStatusPlayer[];
};

/**
 * The console's answer: its reply (null: the game prints nothing back, as for `say`; a type other
 * than Generic as WebRCON frames carry it) and the chat broadcasts the command made.
 */
export type RustConsoleAnswer = {
  reply: { message: string; type?: string } | null;
  broadcasts?: string[];
};

/** A command's name as the console matches it: lower case, without the global. or server. Rust accepts on these. */
export const rustCommandName = (name: string): string =>
  name.toLowerCase().replace(/^(global|server)\.(?=serverinfo|playerlist|say|kick|banid|unban|status)/, '');

/** A DateTime as .NET prints it in the invariant culture (serverinfo's GameTime), in UTC. */
export const rustDateTime = (date: Date): string => {
  const two = (value: number) => String(value).padStart(2, '0');
  return (
    `${two(date.getUTCMonth() + 1)}/${two(date.getUTCDate())}/${date.getUTCFullYear()} ` +
    `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`
  );
};

/** The `status` command's header and players table. */
export const rustStatus = (info: RustServerInfo, players: RustStatusPlayer[]): string =>
  [
    `hostname: ${info.Hostname}`,
    `version : ${info.Version} secure (secure mode enabled, connected to Steam3)`,
    `map     : ${info.Map}`,
    `players : ${info.Players} (${info.MaxPlayers} max) (0 queued) (0 joining)`,
    '',
    'id name ping connected addr owner violation kicks',
    ...players.map((p) => `${p.steamId} "${p.name}" ${p.ping} ${p.connectedSeconds}s ${p.ip} 0.0 0`),
    '',
  ].join('\n');

/** The line Chat.Broadcast writes to the server's log for a chat message (`[CHAT] SERVER : hello`). */
export const rustChatLine = (message: string, username = 'SERVER'): string =>
  `[CHAT] ${username} : ${message}`;

/** How the console answers status, serverinfo and say; any other command is not found. */
export const answerRustConsole = (line: string, state: RustConsoleState): RustConsoleAnswer => {
  const typed = line.trim();
  const [name = ''] = typed.split(/\s+/, 1);
  switch (rustCommandName(name)) {
    case 'status':
      return { reply: { message: rustStatus(state.serverInfo(), state.players()) } };
    case 'serverinfo':
      return { reply: { message: JSON.stringify(state.serverInfo(), null, 2) } };
    case 'say':
      // Chat.Broadcast(arg.FullString, "SERVER", ...): no reply, the rest of the line as typed in chat.
      return { reply: null, broadcasts: [typed.slice(name.length).trim()] };
    default:
      return { reply: { message: `Command '${name}' not found`, type: 'Warning' } };
  }
};
