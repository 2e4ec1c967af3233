import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';

/** What body-parser's strict JSON parser accepts first (after white space): an object or an array. */
const STRICT_START = /^[\x20\x09\x0a\x0d]*[{[]/;

/** body-parser's own failure, as bodyParserErrors reads it (type, status, expose). */
const failure = (message: string, type: string, cause?: unknown): Error =>
  Object.assign(new Error(message, { cause }), { type, status: 400, statusCode: 400, expose: true });

/** JSON exactly as the plugins and outpost-bridge send it: no charset or UTF-8, not compressed. */
export const isPlainJson = (request: IncomingMessage): boolean => {
  const type = request.headers['content-type']?.toLowerCase();
  return (
    // Not read yet (the reports parser before this one reads its own).
    request.readable &&
    (type === 'application/json' || type === 'application/json; charset=utf-8') &&
    request.headers['content-encoding'] === undefined &&
    request.headers['transfer-encoding'] === undefined &&
    request.headers['content-length'] !== undefined
  );
};

/**
 * A plain JSON body (isPlainJson) read the short way: its bytes gathered, decoded and parsed as
 * body-parser's strict JSON parser would, failing as it fails (the same types and statuses, so
 * the same answers).
 */
export const readPlainJson = (request: IncomingMessage): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (error?: Error) => {
      if (done) return;
      done = true;
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('aborted', onAborted);
      request.off('error', finish);
      if (error) return reject(error);
      // UTF-8 as body-parser decodes it: a byte order mark is dropped.
      let text = (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)).toString('utf8');
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      if (text.length === 0) return resolve({});
      if (!STRICT_START.test(text)) return reject(failure('Unexpected token', 'entity.parse.failed'));
      try {
        resolve(JSON.parse(text) as unknown);
      } catch (cause) {
        reject(failure('Invalid JSON', 'entity.parse.failed', cause));
      }
    };
    const onData = (chunk: Buffer) => chunks.push(chunk);
    const onEnd = () => finish();
    const onAborted = () => finish(failure('request aborted', 'request.aborted'));
    request.on('data', onData);
    request.once('end', onEnd);
    request.once('aborted', onAborted);
    request.once('error', finish);
  });

/**
 * The plugin API's JSON body (a heartbeat: a hundred players, every ten seconds, from every server)
 * read the short way when it comes as plugins send it (isPlainJson, within `limit` bytes), and
 * nothing after it parses. Anything else is left to `parser` (body-parser), which has not read a
 * byte of it: other charsets, compressed bodies, a length past the limit (its 413).
 */
export const pluginJson =
  (limit: number, parser: RequestHandler): RequestHandler =>
  (request, response, next) => {
    if (!isPlainJson(request) || !(Number(request.headers['content-length']) <= limit))
      return parser(request, response, next);
    readPlainJson(request).then((body) => {
      request.body = body;
      next();
    }, next);
  };
