// Rust's WebRCON wire format (`+rcon.web 1`), as Facepunch's own client speaks it
// (github.com/Facepunch/webrcon, js/rconService.js): a WebSocket at ws://HOST:PORT/PASSWORD, JSON
// text frames both ways.
import { RCON_DEFAULT_PORT } from '@outpost/contracts';

/** What a client sends: the command line and a number the reply will carry back. */
export type RconRequest = { Identifier: number; Message: string; Name: string };

/**
 * What the server sends. A reply carries its command's Identifier; lines the server prints on its
 * own carry 0, and chat and F7 report broadcasts -1. Chat and Report frames hold JSON in Message.
 */
export type RconFrame = {
  Message: string;
  Identifier: number;
  Type: RconFrameType | string;
  Stacktrace?: string | null;
};

export const RCON_FRAME_TYPES = [
  'Generic',
  'Error',
  'Warning',
  'Chat',
  'Report',
  'ClientPerf',
  'Subscription',
] as const;
export type RconFrameType = (typeof RCON_FRAME_TYPES)[number];

/** The name Facepunch's web client sends with each command; the server logs it beside the command. */
export const RCON_CLIENT_NAME = 'WebRcon';

/** Rust's WebRCON port unless `+rcon.port` says otherwise (the contracts' RCON_DEFAULT_PORT). */
export const DEFAULT_RCON_PORT = RCON_DEFAULT_PORT;

/**
 * A wrong password: the server does not answer the WebSocket handshake with HTTP at all but writes
 * a bare close frame (opcode 8, status 1000) and hangs up. Seen by gorcon/websocket (its Dial maps
 * `malformed HTTP response "\x88\x02\x03\xe8"` to ErrAuthFailed) and in Didstopia/rust-server#104
 * (Node's parser: "Expected HTTP/", rawPacket <Buffer 88 02 03 e8>).
 */
export const WRONG_PASSWORD_REPLY = Buffer.from([0x88, 0x02, 0x03, 0xe8]);

/** The URL of a server's WebRCON: the password is the path, URL-encoded. */
export const webRconUrl = (host: string, port: number, password: string): string => {
  const name = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `ws://${name}:${port}/${encodeURIComponent(password)}`;
};

/** Parses one frame; null when it is not a WebRCON frame (not JSON, or no Message). */
export const parseFrame = (data: string): RconFrame | null => {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const frame = value as Partial<RconFrame>;
  if (typeof frame.Message !== 'string') return null;
  return {
    Message: frame.Message,
    Identifier: typeof frame.Identifier === 'number' ? frame.Identifier : 0,
    Type: typeof frame.Type === 'string' ? frame.Type : 'Generic',
    Stacktrace: frame.Stacktrace ?? null,
  };
};
