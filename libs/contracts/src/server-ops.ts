// A server's operations as the panel's web app sees them: its console (commands run from the
// panel and the lines the game server printed) and the panel's own RCON connection to it.

/** A console command: 1 to 500 characters, one line, no NUL. */
export const CONSOLE_COMMAND_MAX_LENGTH = 500;
/** Console commands one user may send per minute (across servers); more answer 429. */
export const CONSOLE_COMMANDS_PER_MINUTE = 30;
/** Entries GET /api/servers/{id}/console answers by default, and at most. */
export const CONSOLE_PAGE_DEFAULT = 100;
export const CONSOLE_PAGE_MAX = 500;

export type RunConsoleCommandRequest = { command: string };
/** 202: the command is queued for the server; its result arrives with GET .../console. */
export type RunConsoleCommandResponse = { id: string };

/**
 * pending until a heartbeat or long-poll hands it out, delivered until the server reports its
 * result (succeeded, failed), or expired: a kick or warn the server did not carry out in time.
 */
export const COMMAND_STATUSES = ['pending', 'delivered', 'succeeded', 'failed', 'expired'] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];

/**
 * A kick or warn not carried out within this long expires (it is never handed out after): it
 * reaches a player in the game now, not when a server that was down comes back.
 */
export const PLAYER_COMMAND_TTL_SECONDS = 5 * 60;
/** The command types that expire (bans and unbans wait for their server, however long). */
export const EXPIRING_COMMAND_TYPES = ['kick', 'warn'] as const;

/**
 * GET /api/servers/{serverId}/commands/{commandId}: a command sent to a game server and what
 * became of it (its `command.completed` live event carries the same).
 */
export type CommandItem = {
  id: string;
  serverId: string;
  type: 'kick' | 'warn' | 'ban' | 'unban' | 'console';
  status: CommandStatus;
  /** What the game answered; null until its result arrives (and for an expired one). */
  output: string | null;
  createdAt: string;
  deliveredAt: string | null;
  completedAt: string | null;
  /** Kicks and warns: when it expires unless carried out; null for the others. */
  expiresAt: string | null;
};

/** A console command's status: only kicks and warns expire. */
export type ConsoleCommandStatus = Exclude<CommandStatus, 'expired'>;

/** A command typed in the console, with what the server answered once it did. */
export type ConsoleCommandEntry = {
  kind: 'command';
  id: string;
  command: string;
  status: ConsoleCommandStatus;
  /** The server's reply; null until its result arrives. */
  output: string | null;
  by: { id: string; name: string } | null;
  at: string;
  completedAt: string | null;
};

/** A line the game server printed by itself (a console event). */
export type ConsoleLineEntry = {
  kind: 'line';
  id: string;
  level: 'info' | 'warning' | 'error';
  message: string;
  at: string;
};

export type ConsoleEntry = ConsoleCommandEntry | ConsoleLineEntry;

/** GET /api/servers/{id}/console?before=ISO&limit=N: newest first; `before` pages back. */
export type ConsoleQuery = { before?: string; limit?: number };
export type ConsoleResponse = { entries: ConsoleEntry[]; hasMore: boolean };

/** The panel's own connection to a server's WebRCON. */
export const RCON_STATES = ['connecting', 'connected', 'unreachable', 'wrong_password'] as const;
export type RconState = (typeof RCON_STATES)[number];
/** Rust's default WebRCON port. */
export const RCON_DEFAULT_PORT = 28016;

export type PutRconRequest = { host: string; port: number; password: string };
export type PutRconResponse = { host: string; port: number; state: RconState };
/** Never carries the password. */
export type RconStatus = {
  host: string;
  port: number;
  state: RconState;
  lastError: string | null;
  connectedAt: string | null;
  /**
   * While the state is wrong_password: when the server refused the password. The panel dials it
   * again only when the settings change, on Try again (POST .../rcon/retry), or 10 minutes after.
   */
  refusedAt: string | null;
};
/** Minutes the panel waits after a refused password before it dials the same one again. */
export const RCON_REFUSED_RETRY_MINUTES = 10;

/**
 * How a server reaches the panel: the panel's own RCON connection, outpost-bridge beside the
 * server, or a plugin (any other agent of the plugin protocol).
 */
export const CONNECTION_VIAS = ['panel', 'bridge', 'plugin'] as const;
export type ConnectionVia = (typeof CONNECTION_VIAS)[number];
/** The RCON states, and `waiting`: nothing has reported yet. */
export const CONNECTION_STATES = [...RCON_STATES, 'waiting'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/**
 * GET /api/servers/{id}/connection (every member): the one view of how the server is connected,
 * whichever way. `via` null and `waiting` before anything reported. `detail` says why a state is
 * not connected: with the RCON address for those who manage servers, a text without one for the
 * others. `since`: when the state began, as far as the panel knows. `bridgeVersion` when through
 * outpost-bridge.
 */
export type ServerConnection = {
  via: ConnectionVia | null;
  state: ConnectionState;
  detail: string | null;
  since: string | null;
  bridgeVersion: string | null;
};
