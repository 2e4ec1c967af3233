import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ApiFailure, AppwriteError } from '@outpost/contracts';
import { isApiPath, isIdentityPath, pathOf } from './api-paths';

export const HEADERS_TOO_LARGE_MESSAGE = 'The request line or headers are too large';
export const MALFORMED_REQUEST_MESSAGE = 'The request is not valid HTTP';

type ClientError = Error & { code?: string; rawPacket?: Buffer };

/** The path of the request line Node could not parse, when it got that far. */
const pathIn = (raw: Buffer | undefined): string => {
  const line = raw?.subarray(0, 8192).toString('latin1').split('\r\n', 1)[0] ?? '';
  return pathOf(line.split(' ')[1] ?? '/');
};

/**
 * A request Node's HTTP parser refuses before any route sees it (headers or URL over Node's 16 KB,
 * a malformed request line) is answered in the shape of the part it was for, like every other
 * refusal, instead of Node's bare status line: 431 for too large, 400 otherwise.
 */
export const answerClientErrors = (server: Server): void => {
  server.on('clientError', (error: ClientError, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET') return void socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const message = tooLarge ? HEADERS_TOO_LARGE_MESSAGE : MALFORMED_REQUEST_MESSAGE;
    const path = pathIn(error.rawPacket);
    const body = isIdentityPath(path)
      ? JSON.stringify({ message, code: status, type: 'general_argument_invalid' } satisfies AppwriteError)
      : isApiPath(path)
        ? JSON.stringify({
            success: false,
            error: message,
            code: tooLarge ? 'HEADERS_TOO_LARGE' : 'VALIDATION_FAILED',
          } satisfies ApiFailure)
        : message;
    const type = isIdentityPath(path) || isApiPath(path) ? 'application/json' : 'text/plain';
    socket.end(
      `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        `Content-Type: ${type}; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  });
};
