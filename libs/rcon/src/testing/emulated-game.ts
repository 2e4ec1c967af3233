import {
  answerRustConsole,
  rustCommandName,
  type RustConsoleState,
  type RustServerInfo,
} from '../rust-console';
import { parseBanExpiry, splitConsoleArgs } from './console-args';

// The state and console commands of a Rust server in miniature. Replies follow the game's own
// text (decompiled ConVar.Admin: kick, banid, unban; ConVar.Global.playerlistpos; status,
// serverinfo, say and unknown commands as ../rust-console prints them; on a modded server Oxide's
// oxide.usergroup as Oxide.Rust prints it), so the translator is tested against what a real server
// prints.

export type EmulatedPlayer = {
  steamId: string;
  name: string;
  ip: string;
  port: number;
  ping: number;
  health: number;
  position: { x: number; y: number; z: number };
  connectedAt: number;
  /** The player's entity id, printed in kill lines. */
  entityId: number;
};

export type EmulatedBan = { name: string; reason: string; expiry: number };

/** What a command did: its reply (null: the game prints nothing, so no frame is sent) and side effects. */
export type GameOutcome = {
  reply: { message: string; type?: string } | null;
  /** Console lines the command made the server print (disconnects). */
  lines?: string[];
  /** Chat broadcasts the command made (say, kick and ban announcements). */
  broadcasts?: string[];
};

export type EmulatedGameOptions = {
  hostname?: string;
  maxPlayers?: number;
  worldSize?: number;
  seed?: number;
  /**
   * A modded server: Oxide's console commands for its groups (oxide.usergroup add|remove, as
   * Oxide.Rust's RustCore answers them), with its default groups `default` and `admin` and these.
   * Absent: a vanilla server, where they are unknown commands.
   */
  oxide?: { groups?: string[] };
};

/** Oxide's console command that puts a player in a group or takes them out (and its aliases). */
const OXIDE_USERGROUP = new Set(['oxide.usergroup', 'o.usergroup', 'perm.usergroup']);
const OXIDE_USERGROUP_USAGE = 'Usage: usergroup <add|remove> <username> <groupname>';

/** A console line's commands: split at line breaks and at `;` outside double quotes. */
export const splitStatements = (line: string): string[] => {
  const statements: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    if ((char === ';' && !quoted) || char === '\n' || char === '\r') {
      if (current.trim()) statements.push(current);
      current = '';
      if (char !== ';') quoted = false;
    } else current += char;
  }
  if (current.trim() || statements.length === 0) statements.push(current);
  return statements;
};

export class EmulatedGame {
  readonly players = new Map<string, EmulatedPlayer>();
  readonly bans = new Map<string, EmulatedBan>();
  readonly startedAt = Date.now();
  private nextEntityId = 1_234_567;
  private nextPort = 61_000;

  constructor(readonly options: EmulatedGameOptions = {}) {
    if (options.oxide)
      for (const group of ['default', 'admin', ...(options.oxide.groups ?? [])])
        this.oxideGroups.set(group.toLowerCase(), new Set());
  }

  newPlayer(input: Partial<EmulatedPlayer> & { steamId: string; name: string }): EmulatedPlayer {
    return {
      ip: '203.0.113.10',
      port: (this.nextPort += 1),
      ping: 42,
      health: 100,
      position: { x: 120.5, y: 14.25, z: -310.75 },
      connectedAt: Date.now(),
      entityId: (this.nextEntityId += 1),
      ...input,
    };
  }

  /** The game's join line (the form Oxide and RCON tools parse). */
  joinLine(p: EmulatedPlayer): string {
    return `${p.ip}:${p.port}/${p.steamId}/${p.name} joined [windows/${p.steamId}]`;
  }

  disconnectLine(p: EmulatedPlayer, reason: string): string {
    return `${p.ip}:${p.port}/${p.steamId}/${p.name} disconnecting: ${reason}`;
  }

  /** Every command the game ran, one per statement, in order. */
  readonly executed: string[] = [];

  /** With `oxide`: each Oxide group (lower case, as Oxide keeps them) and the Steam IDs in it. */
  readonly oxideGroups = new Map<string, Set<string>>();

  /**
   * Runs a console line. A line break, or a `;` outside double quotes, ends a command and starts
   * the next: the strictest reading of a console line, so a test that a value put into a command
   * stays one argument of one command holds whichever way a game build reads them.
   */
  run(line: string): GameOutcome {
    const statements = splitStatements(line);
    if (statements.length === 1) return this.runOne(statements[0]);
    const outcomes = statements.map((statement) => this.runOne(statement));
    const replies = outcomes.flatMap((outcome) => (outcome.reply ? [outcome.reply.message] : []));
    return {
      reply: replies.length ? { message: replies.join('\n') } : null,
      lines: outcomes.flatMap((outcome) => outcome.lines ?? []),
      broadcasts: outcomes.flatMap((outcome) => outcome.broadcasts ?? []),
    };
  }

  private runOne(line: string): GameOutcome {
    this.executed.push(line.trim());
    const [name = '', ...args] = splitConsoleArgs(line.trim());
    if (this.options.oxide && OXIDE_USERGROUP.has(name.toLowerCase())) return this.oxideUserGroup(args);
    switch (rustCommandName(name)) {
      case 'playerlist':
        return { reply: { message: JSON.stringify(this.playerList(), null, 2) } };
      case 'playerlistpos':
        return { reply: { message: this.playerListPos() } };
      case 'server.worldsize':
        return { reply: { message: `server.worldsize: "${this.options.worldSize ?? 3500}"` } };
      case 'server.seed':
        return { reply: { message: `server.seed: "${this.options.seed ?? 12345}"` } };
      case 'kick':
        return this.kick(args);
      case 'banid':
        return this.banid(args);
      case 'unban':
        return this.unban(args);
      default:
        // status, serverinfo, say, and the answer to a command the game does not know.
        return answerRustConsole(line, this.console);
    }
  }

  private readonly console: RustConsoleState = {
    serverInfo: () => this.serverInfo(),
    players: () =>
      [...this.players.values()].map((p) => ({
        steamId: p.steamId,
        name: p.name,
        ping: p.ping,
        connectedSeconds: Math.floor((Date.now() - p.connectedAt) / 1000),
        ip: p.ip,
      })),
  };

  private serverInfo(): RustServerInfo {
    return {
      Hostname: this.options.hostname ?? 'Outpost Emulated | Vanilla',
      MaxPlayers: this.options.maxPlayers ?? 100,
      Players: this.players.size,
      Queued: 0,
      Joining: 0,
      ReservedSlots: 0,
      EntityCount: 81234,
      GameTime: '11/25/2026 12:00:00',
      Uptime: Math.floor((Date.now() - this.startedAt) / 1000),
      Map: 'Procedural Map',
      Framerate: 59.8,
      Memory: 4123,
      MemoryUsageSystem: 8200,
      Collections: 12,
      NetworkIn: 120,
      NetworkOut: 480,
      Restarting: false,
      SaveCreatedTime: '2026-11-20T18:00:00Z',
      Version: 2590,
      Protocol: '2590.262.1',
    };
  }

  private playerList() {
    return [...this.players.values()].map((p) => ({
      SteamID: p.steamId,
      OwnerSteamID: '0',
      DisplayName: p.name,
      Ping: p.ping,
      Address: `${p.ip}:${p.port}`,
      EntityId: p.entityId,
      ConnectedSeconds: Math.floor((Date.now() - p.connectedAt) / 1000),
      VoiationLevel: 0.0,
      CurrentLevel: 0.0,
      UnspentXp: 0.0,
      Health: p.health,
    }));
  }

  /** A TextTable: SteamID, DisplayName, POS, ROT; Unity's Vector3.ToString() ("(x.xx, y.yy, z.zz)"). */
  private playerListPos(): string {
    const vector = (v: { x: number; y: number; z: number }) =>
      `(${v.x.toFixed(2)}, ${v.y.toFixed(2)}, ${v.z.toFixed(2)})`;
    const rows = [['SteamID', 'DisplayName', 'POS', 'ROT']].concat(
      [...this.players.values()].map((p) => [p.steamId, p.name, vector(p.position), '(0.00, 0.00, 1.00)']),
    );
    const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
    return (
      rows
        .map((row) =>
          row
            .map((cell, i) => cell.padEnd(widths[i]))
            .join(' ')
            .trimEnd(),
        )
        .join('\n') + '\n'
    );
  }

  /**
   * `oxide.usergroup add|remove <player> <group>` as Oxide.Rust answers it (RustCore's
   * UserGroupCommand, Oxide.Core's English messages): a player on the server is named with their
   * Steam ID; one who is not may be given by a Steam ID (17 digits or more).
   */
  private oxideUserGroup(args: string[]): GameOutcome {
    const reply = (message: string): GameOutcome => ({ reply: { message } });
    const [mode, player, group] = args;
    if (args.length < 3) return reply(OXIDE_USERGROUP_USAGE);
    const found = this.find(player);
    if (!found && !/^\d{17,}$/.test(player)) return reply(`Player '${player}' not found`);
    const userId = found?.steamId ?? player;
    const name = found ? `${found.name}(${found.steamId})` : player;
    const members = this.oxideGroups.get(group.toLowerCase());
    if (!members) return reply(`Group '${group}' doesn't exist`);
    if (mode === 'add') {
      members.add(userId);
      return reply(`Player '${name}' added to group: ${group}`);
    }
    if (mode === 'remove') {
      members.delete(userId);
      return reply(`Player '${name}' removed from group '${group}'`);
    }
    return reply(OXIDE_USERGROUP_USAGE);
  }

  private find(idOrName: string | undefined): EmulatedPlayer | undefined {
    if (!idOrName) return undefined;
    return this.players.get(idOrName) ?? [...this.players.values()].find((p) => p.name === idOrName);
  }

  private kick(args: string[]): GameOutcome {
    const player = this.find(args[0]);
    if (!player) return { reply: { message: 'Player not found' } };
    const reason = args[1] ?? 'no reason given';
    this.players.delete(player.steamId);
    return {
      reply: { message: `Kicked: ${player.name}` },
      broadcasts: [`Kicking ${player.name} (${reason})`],
      lines: [this.disconnectLine(player, `Kicked: ${args[1] ?? 'No Reason Given'}`)],
    };
  }

  private banid(args: string[]): GameOutcome {
    const steamId = args[0] ?? '0';
    let name = args[1] ?? 'unnamed';
    const reason = args[2] ?? 'no reason';
    if (!/^\d+$/.test(steamId) || BigInt(steamId) < 70_000_000_000_000_000n)
      return {
        reply: {
          message: `This doesn't appear to be a 64bit steamid: ${/^\d+$/.test(steamId) ? steamId : 0}`,
        },
      };
    const existing = this.bans.get(steamId);
    if (existing && (existing.expiry <= 0 || existing.expiry > Date.now() / 1000))
      return { reply: { message: `User ${steamId} is already banned` } };
    const now = Math.floor(Date.now() / 1000);
    const expiry = parseBanExpiry(args[3], now);
    if (expiry > 0 && expiry <= now) return { reply: { message: 'Expiry time is in the past' } };
    const suffix = expiry > 0 ? ` for ${expiry - now} seconds` : '';
    const outcome: GameOutcome = { reply: null, lines: [], broadcasts: [] };
    const player = this.players.get(steamId);
    if (player) {
      name = player.name;
      this.players.delete(steamId);
      outcome.broadcasts?.push(`Kickbanning ${player.name}${suffix} (${reason})`);
      outcome.lines?.push(this.disconnectLine(player, `Banned${suffix}: ${reason}`));
    }
    this.bans.set(steamId, { name, reason, expiry });
    outcome.reply = { message: `Banned User${suffix}: ${steamId} - "${name}" for "${reason}"` };
    return outcome;
  }

  private unban(args: string[]): GameOutcome {
    const steamId = args[0] ?? '0';
    if (!/^\d+$/.test(steamId) || BigInt(steamId) < 70_000_000_000_000_000n)
      return {
        reply: {
          message: `This doesn't appear to be a 64bit steamid: ${/^\d+$/.test(steamId) ? steamId : 0}`,
        },
      };
    if (!this.bans.delete(steamId)) return { reply: { message: `User ${steamId} isn't banned` } };
    return { reply: { message: `Unbanned User: ${steamId}` } };
  }
}
