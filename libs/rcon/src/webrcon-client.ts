import type { LookupFunction } from 'node:net';
import WebSocket from 'ws';
import { parseFrame, RCON_CLIENT_NAME, webRconUrl, WRONG_PASSWORD_REPLY, type RconFrame } from './wire';

export type RconSettings = { host: string; port: number; password: string };

/** Why a connection failed: the password was refused, or the server was not there. */
export type RconFailure = 'wrong_password' | 'unreachable';

export class RconConnectError extends Error {
  override name = 'RconConnectError';
  constructor(
    readonly kind: RconFailure,
    message: string,
  ) {
    super(message);
  }
}

/**
 * What a `lookup` hook passes on for an address it will not connect to (an egress policy); the
 * attempt fails as `unreachable` with this message.
 */
export class RconAddressRefused extends Error {
  override name = 'RconAddressRefused';
  readonly code = 'EADDRREFUSED';
}

/** The command could not be sent or its connection closed before it was answered. */
export class RconDisconnectedError extends Error {
  override name = 'RconDisconnectedError';
  constructor() {
    super('The RCON connection is closed');
  }
}

/**
 * The answer to a command. `frame` is null when nothing came back in time: Rust sends no reply at
 * all for a command that prints nothing (`say`, a convar set), so silence is not a failure; the
 * caller decides what it means.
 */
export type RconReply = { frame: RconFrame | null };

export type WebRconClientOptions = {
  /** A command's time limit in ms (default 5 000). */
  commandTimeoutMs?: number;
  /** Time limit of the WebSocket handshake in ms (default 5 000). */
  connectTimeoutMs?: number;
  /**
   * Resolves the host before each connection attempt (net's `lookup` hook); the API passes one
   * that applies its egress policy to the resolved address, so a refusal fails the attempt.
   */
  lookup?: LookupFunction;
  /** Every frame that is not the reply to a pending command (console lines, chat, reports). */
  onFrame?: (frame: RconFrame) => void;
  /** The connection ended after it was open (the server stopped, the network dropped). */
  onClose?: (reason: string) => void;
};

type Pending = { resolve: (reply: RconReply) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

/** Identifiers start high so they never meet 0 (console lines) or -1 (broadcasts). */
const FIRST_IDENTIFIER = 1000;

/**
 * One WebRCON connection. Commands run concurrently, each matched to its reply by Identifier and
 * bounded by its own timeout, so a command that never answers holds up nothing else.
 */
export class WebRconClient {
  private socket: WebSocket | null = null;
  private nextId = FIRST_IDENTIFIER;
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly settings: RconSettings,
    private readonly options: WebRconClientOptions = {},
  ) {}

  get connected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Opens the connection; rejects with an RconConnectError that says which failure it was. */
  connect(): Promise<void> {
    const { host, port, password } = this.settings;
    const socket = new WebSocket(webRconUrl(host, port, password), {
      handshakeTimeout: this.options.connectTimeoutMs ?? 5_000,
      perMessageDeflate: false,
      ...(this.options.lookup ? { lookup: this.options.lookup } : {}),
    });
    this.socket = socket;
    return new Promise<void>((resolve, reject) => {
      let open = false;
      socket.on('open', () => {
        open = true;
        resolve();
      });
      socket.on('message', (data) => this.receive(String(data)));
      socket.on('error', (error) => {
        if (!open) reject(connectFailure(error, host, port));
      });
      socket.on('close', (code, reason) => {
        if (this.socket === socket) this.socket = null;
        this.failPending();
        if (!open)
          return reject(new RconConnectError('unreachable', `${host}:${port} closed the connection`));
        this.options.onClose?.(reason.length > 0 ? String(reason) : `closed with code ${code}`);
      });
    });
  }

  /** Runs a command line; see RconReply for what silence means. */
  command(line: string, timeoutMs = this.options.commandTimeoutMs ?? 5_000): Promise<RconReply> {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.reject(new RconDisconnectedError());
    const id = this.nextId;
    this.nextId = this.nextId >= 2_000_000_000 ? FIRST_IDENTIFIER : this.nextId + 1;
    return new Promise<RconReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({ frame: null });
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      socket.send(JSON.stringify({ Identifier: id, Message: line, Name: RCON_CLIENT_NAME }), (error) => {
        if (!error) return;
        clearTimeout(timer);
        this.pending.delete(id);
        reject(new RconDisconnectedError());
      });
    });
  }

  /** Closes the connection; pending commands reject with RconDisconnectedError. */
  close(): void {
    const socket = this.socket;
    this.socket = null;
    this.failPending();
    if (!socket) return;
    socket.removeAllListeners('close');
    socket.on('error', () => undefined);
    socket.terminate();
  }

  private receive(data: string): void {
    const frame = parseFrame(data);
    if (!frame) {
      // Not a WebRCON frame: still something the server said, so it is passed on as a line.
      this.options.onFrame?.({ Message: data, Identifier: 0, Type: 'Generic', Stacktrace: null });
      return;
    }
    const waiting = frame.Identifier > 0 ? this.pending.get(frame.Identifier) : undefined;
    if (!waiting) return this.options.onFrame?.(frame);
    clearTimeout(waiting.timer);
    this.pending.delete(frame.Identifier);
    waiting.resolve({ frame });
  }

  private failPending(): void {
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      this.pending.delete(id);
      waiting.reject(new RconDisconnectedError());
    }
  }
}

type NodeError = Error & { code?: string; rawPacket?: Buffer };

const refused = (host: string, port: number, how: string): RconConnectError =>
  new RconConnectError(
    'wrong_password',
    `${host}:${port} refused the RCON password (${how}; Rust also refuses for a while an address that gave too many wrong ones)`,
  );

/**
 * Tells a refused password from a server that is not there. Rust checks the password (the URL's
 * path) before it answers the WebSocket handshake and, when it is wrong, closes the socket: it
 * writes a bare close frame (WRONG_PASSWORD_REPLY) where the HTTP answer should be and hangs up.
 * So anything that ends the connection after it was made and before the handshake's answer is a
 * refused password: that frame, a hang-up or a reset. A proxy in front may answer 401 or 403.
 * Nothing listening (refused), no answer in time, or no route is `unreachable`.
 */
const connectFailure = (error: NodeError, host: string, port: number): RconConnectError => {
  if (error instanceof RconAddressRefused)
    return new RconConnectError('unreachable', `${host}:${port} was not dialled: ${error.message}`);
  const raw = error.rawPacket;
  if (raw && raw.subarray(0, 2).equals(WRONG_PASSWORD_REPLY.subarray(0, 2)))
    return refused(host, port, 'it closed the connection during the handshake');
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE')
    return refused(host, port, 'it hung up during the handshake');
  const status = /Unexpected server response: (401|403)\b/.exec(error.message);
  if (status) return refused(host, port, `HTTP ${status[1]}`);
  const reason = error.code ?? error.message;
  return new RconConnectError('unreachable', `${host}:${port} is unreachable (${reason})`);
};
