import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { rustChatLine } from '../rust-console';
import { WRONG_PASSWORD_REPLY, type RconFrame } from '../wire';
import { EmulatedGame, type EmulatedGameOptions, type EmulatedPlayer } from './emulated-game';

export type WebRconEmulatorOptions = EmulatedGameOptions & {
  password: string;
  /**
   * Wrong passwords from one address after which the game refuses that address, the right password
   * too, for `banSeconds` (the game's rcon.maxpasswordfailures, 5, and rcon.banduration, 300).
   * Absent: never, so tests may retry freely.
   */
  maxPasswordFailures?: number;
  banSeconds?: number;
  /** 0 or absent: a free port. */
  port?: number;
  host?: string;
};

export type NewEmulatedPlayer = Partial<EmulatedPlayer> & { steamId: string; name: string };

export type EmulatedReport = {
  reporter: { steamId: string; name: string };
  target: { steamId: string; name: string };
  subject: string;
  message: string;
  /** Rust's report type as F7 sends it (cheat, abuse, ...). */
  type?: string;
};

/**
 * How the emulator ends a connection with a wrong password. The game (Facepunch.Rcon.Listener on
 * Fleck) checks the path in Fleck's connection callback, which runs before the handshake's answer
 * is written, and calls Close(): Fleck writes a close frame (status 1000) where the HTTP answer
 * should be, then closes the socket (`close-frame`). `hang-up` closes it without a byte, as a
 * client sees it when the socket is reset first.
 */
export type WrongPasswordAnswer = 'close-frame' | 'hang-up';

/**
 * A Rust server's WebRCON for tests: a real `ws` server on the game's wire format. It refuses a
 * wrong password as the game does (see WrongPasswordAnswer; with maxPasswordFailures, also an
 * address that gave too many), answers console commands as the game does (EmulatedGame), and lets
 * a test make players join and leave, chat, file F7 reports, kill each other and print lines. It
 * records every command it received.
 */
export class WebRconEmulator {
  readonly game: EmulatedGame;
  /** Every command line received, in order, across restarts. */
  readonly received: string[] = [];
  /** Every login (a WebSocket handshake with a password), in order, across restarts. */
  readonly logins: { at: Date; accepted: boolean }[] = [];
  /** Commands (first word) the server receives and never answers, as a hung server would. */
  readonly unanswered = new Set<string>();
  wrongPasswordAnswer: WrongPasswordAnswer = 'close-frame';
  /** Takes connections and never answers their handshake, as a host behind a black hole would. */
  silent = false;
  private http: Server | null = null;
  private wss: WebSocketServer | null = null;
  private readonly sockets = new Set<Socket>();
  /** Per client address, as the game keeps it: wrong passwords so far and the end of a ban. */
  private readonly failures = new Map<string, { attempts: number; bannedUntil: number }>();
  private boundPort = 0;

  constructor(private readonly options: WebRconEmulatorOptions) {
    this.game = new EmulatedGame(options);
  }

  get port(): number {
    return this.boundPort;
  }

  get host(): string {
    return this.options.host ?? '127.0.0.1';
  }

  /** Connections open now. */
  get clients(): number {
    return this.wss?.clients.size ?? 0;
  }

  async start(): Promise<void> {
    if (this.http) return;
    const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
    const http = createServer((_req, res) => res.writeHead(404).end());
    http.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      // A client that goes away mid-answer (a refused login it drops, a panel shutting down)
      // resets the socket: the game carries on, and so does the emulator.
      socket.on('error', () => undefined);
    });
    http.on('upgrade', (req, socket, head) => {
      if (this.silent) return;
      const path = (req.url ?? '/').split('?')[0].slice(1);
      let password: string;
      try {
        password = decodeURIComponent(path);
      } catch {
        password = path;
      }
      const refuse = () => {
        this.logins.push({ at: new Date(), accepted: false });
        if (this.wrongPasswordAnswer === 'close-frame') socket.end(WRONG_PASSWORD_REPLY);
        else socket.destroy();
      };
      const address = (socket as Socket).remoteAddress ?? '';
      const failed = this.failures.get(address);
      if (failed && failed.bannedUntil > Date.now()) return refuse();
      if (failed && failed.bannedUntil > 0) this.failures.delete(address);
      if (password !== this.options.password) {
        this.countFailure(address);
        return refuse();
      }
      this.logins.push({ at: new Date(), accepted: true });
      wss.handleUpgrade(req, socket, head, (ws) => this.serve(ws));
    });
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(this.boundPort || this.options.port || 0, this.host, () => resolve());
    });
    this.http = http;
    this.wss = wss;
    this.boundPort = (http.address() as AddressInfo).port;
  }

  private countFailure(address: string): void {
    const { maxPasswordFailures: max, banSeconds = 300 } = this.options;
    if (!max) return;
    const failed = this.failures.get(address) ?? { attempts: 0, bannedUntil: 0 };
    failed.attempts += 1;
    if (failed.attempts >= max) failed.bannedUntil = Date.now() + banSeconds * 1000;
    this.failures.set(address, failed);
  }

  /** Closes the port and every connection (as a server that stops); players are kept. */
  async stop(): Promise<void> {
    const { http, wss } = this;
    this.http = null;
    this.wss = null;
    for (const client of wss?.clients ?? []) client.terminate();
    for (const socket of this.sockets) socket.destroy();
    wss?.close();
    if (http) await new Promise<void>((resolve) => http.close(() => resolve()));
  }

  /** Stops and starts again on the same port. */
  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  addPlayer(input: NewEmulatedPlayer): EmulatedPlayer {
    const player = this.game.newPlayer(input);
    this.game.players.set(player.steamId, player);
    this.line(this.game.joinLine(player));
    return player;
  }

  removePlayer(steamId: string, reason = 'Disconnected'): void {
    const player = this.game.players.get(steamId);
    if (!player) return;
    this.game.players.delete(steamId);
    this.line(this.game.disconnectLine(player, reason));
  }

  /**
   * A player's chat message (channel 0 global, 1 team), as the game sends it: the line it logs
   * (`[CHAT] Rex[7656…] : hi`, a Generic frame), then the Chat frame.
   */
  chat(steamId: string, message: string, channel = 0): void {
    const player = this.game.players.get(steamId);
    this.line(
      `[${channel === 1 ? 'TEAM CHAT' : 'CHAT'}] ${player?.name ?? steamId}[${steamId}] : ${message}`,
    );
    this.broadcast('Chat', {
      Channel: channel,
      Message: message,
      UserId: steamId,
      Username: player?.name ?? steamId,
      Color: '#5af',
      Time: Math.floor(Date.now() / 1000),
    });
  }

  /** An F7 report. */
  report(report: EmulatedReport): void {
    this.broadcast('Report', {
      PlayerId: report.reporter.steamId,
      PlayerName: report.reporter.name,
      TargetId: report.target.steamId,
      TargetName: report.target.name,
      Subject: report.subject,
      Message: report.message,
      Type: report.type ?? 'cheat',
    });
  }

  /** The game's kill line for a player killed by another. */
  kill(victimSteamId: string, killerSteamId: string): void {
    const victim = this.game.players.get(victimSteamId);
    const killer = this.game.players.get(killerSteamId);
    const who = (p: EmulatedPlayer | undefined, id: string) => `${p?.name ?? id}[${p?.entityId ?? 0}/${id}]`;
    this.line(`${who(victim, victimSteamId)} was killed by ${who(killer, killerSteamId)}`);
  }

  /** Any line the server prints on its own (Identifier 0). */
  line(message: string, type = 'Generic'): void {
    this.send({ Message: message, Identifier: 0, Type: type, Stacktrace: '' });
  }

  private broadcast(type: 'Chat' | 'Report', payload: object): void {
    this.send({ Message: JSON.stringify(payload), Identifier: -1, Type: type, Stacktrace: null });
  }

  private send(frame: RconFrame): void {
    const data = JSON.stringify(frame);
    for (const client of this.wss?.clients ?? []) if (client.readyState === WebSocket.OPEN) client.send(data);
  }

  private serve(ws: WebSocket): void {
    this.wss?.emit('connection', ws);
    ws.on('error', () => undefined);
    ws.on('message', (data) => {
      let request: { Identifier?: number; Message?: string };
      try {
        request = JSON.parse(String(data));
      } catch {
        return;
      }
      const line = String(request.Message ?? '');
      const identifier = Number(request.Identifier ?? 0);
      this.received.push(line);
      if (this.unanswered.has(line.trim().split(/\s+/)[0].toLowerCase())) return;
      const outcome = this.game.run(line);
      if (outcome.reply && ws.readyState === WebSocket.OPEN)
        ws.send(
          JSON.stringify({
            Message: outcome.reply.message,
            Identifier: identifier,
            Type: outcome.reply.type ?? 'Generic',
            Stacktrace: '',
          }),
        );
      for (const text of outcome.broadcasts ?? []) {
        // Chat.Broadcast logs the line too before it sends the Chat frame.
        this.line(rustChatLine(text));
        this.broadcast('Chat', {
          Channel: 0,
          Message: text,
          UserId: '0',
          Username: 'SERVER',
          Color: '#eee',
          Time: Math.floor(Date.now() / 1000),
        });
      }
      for (const text of outcome.lines ?? []) this.line(text);
    });
  }
}

/** Starts an emulator (on a free port unless one is given). */
export const startWebRconEmulator = async (options: WebRconEmulatorOptions): Promise<WebRconEmulator> => {
  const emulator = new WebRconEmulator(options);
  await emulator.start();
  return emulator;
};
