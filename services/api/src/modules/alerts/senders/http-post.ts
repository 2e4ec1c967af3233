import http from 'node:http';
import https from 'node:https';
import { egressRefusalText, type EgressPolicy } from '../../../core/egress';

/** Every attempt gives up after this long. */
export const SEND_TIMEOUT_MS = 10_000;

/** What is read of an answer's body (Discord's 429 says when to come back in it). */
const BODY_LIMIT = 16 * 1024;

export type PostAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A failure the sender reports as the delivery's last error; `permanent` ones are not retried. */
export class SendFailure extends Error {
  constructor(
    message: string,
    readonly permanent = false,
    /** When the far end said when to come back (Discord's 429). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

class EgressRefusal extends Error {}

/** Not retried: the address stays refused until the policy or the channel's URL changes. */
const refusedByPolicy = (reason: string): SendFailure =>
  new SendFailure(`refused by the egress policy: ${reason}`, true);

/**
 * POSTs `body` as JSON to `url`, dialling through the egress policy's lookup (so the rule holds for
 * the address the name resolves to now), following no redirect, within SEND_TIMEOUT_MS. An address
 * as typed (an IP, a localhost name) is judged before dialling, on every delivery.
 */
export const postJson = (
  egress: EgressPolicy,
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<PostAnswer> =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    // Node dials an IP address without calling `lookup`: without this, a URL saved before
    // OUTBOUND_ALLOW_PRIVATE became false would still be dialled.
    const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
    const rule = egress.ruleFor(host);
    if (rule) return reject(refusedByPolicy(egressRefusalText({ host, rule })));
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Outpost-Alerts/1',
          ...headers,
        },
        lookup: egress.lookup((reason) => new EgressRefusal(reason)),
        timeout: SEND_TIMEOUT_MS,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= BODY_LIMIT) chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', (error) => reject(failureOf(error)));
      },
    );
    request.on('timeout', () => request.destroy(new SendFailure('timed out')));
    request.on('error', (error) => reject(failureOf(error)));
    request.end(body);
  });

const failureOf = (error: Error & { code?: string }): SendFailure => {
  if (error instanceof SendFailure) return error;
  if (error instanceof EgressRefusal) return refusedByPolicy(error.message);
  if (error.name === 'AbortError' || error.name === 'TimeoutError' || error.code === 'ABORT_ERR')
    return new SendFailure('timed out');
  if (error.code === 'ECONNREFUSED') return new SendFailure('connection refused');
  if (error.code === 'ENOTFOUND')
    return new SendFailure(`host not found (${error.message.split(' ').pop()})`);
  return new SendFailure(error.message || String(error));
};

/** A non-2xx answer as the delivery log shows it. */
export const httpFailure = (answer: PostAnswer): SendFailure => new SendFailure(`HTTP ${answer.status}`);
