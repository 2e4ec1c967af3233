import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { HttpAdapterHost } from '@nestjs/core';
import helmet from 'helmet';
import type { AppConfig } from '../config';
import { API_KEY_HEADER, apiKeyMatcher } from './api-key';
import { FALLBACK_COOKIES_HEADER, helmetOptions } from './security';

/** Node's request listener: Express's, or one answering before it. */
export type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A route answered before Express on the beaten path (a request as the panel's own clients send
 * it): `take` answers whether it takes the request; what it does not take, and what it gives back
 * with `goOn` before answering (it may, as long as it has not read the body or written a byte),
 * Express answers as every route.
 */
export type EarlyRoute = (
  request: IncomingMessage,
  response: ServerResponse,
  goOn: RequestListener,
) => boolean;

/** Puts `route` before the listeners the HTTP server has (Express's, and earlier early routes). */
export const answerBeforeExpress = (adapterHost: HttpAdapterHost, route: EarlyRoute): void => {
  const server = adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
  if (!server) return;
  const onward = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  const goOn: RequestListener = (request, response) => {
    for (const listener of onward) listener.call(server, request, response);
  };
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!route(request, response, goOn)) goOn(request, response);
  });
};

/**
 * The headers helmet gives every answer, but the Content-Security-Policy: a policy for documents,
 * and an event stream or a JSON answer is none (for a stream it is also the longest header, and
 * Node keeps a response's headers for as long as it is open).
 */
export const protectiveHeaders = (config: AppConfig): string[] => {
  const headers = new Map<string, string>();
  const collector = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  const noRemotes = { origins: (): string[] => [] };
  helmet({ ...helmetOptions(config, noRemotes), contentSecurityPolicy: false })(
    {} as never,
    collector as never,
    () => undefined,
  );
  return [...headers].flat();
};

/** As the CORS options answer an /api request (corsOptions): the origin echoed when it is allowed. */
export const corsAnswerHeaders = (origin: string | undefined): string[] => [
  ...(origin ? ['Access-Control-Allow-Origin', origin] : []),
  'Vary',
  'Origin',
  'Access-Control-Allow-Credentials',
  'true',
  'Access-Control-Expose-Headers',
  FALLBACK_COOKIES_HEADER,
];

/**
 * Whether a request to `path` keeps to the beaten path as far as its line and headers tell: the
 * method, the path, the API key, no Origin or an allowed one. Answers its query string ('' for
 * none), or null.
 */
export const beatenApiRequest = (
  config: AppConfig,
  method: string,
  path: string,
): ((request: IncomingMessage) => string | null) => {
  const apiKeyMatches = apiKeyMatcher(config.apiKey);
  const apiKeyHeader = API_KEY_HEADER.toLowerCase();
  return (request) => {
    if (request.method !== method) return null;
    const url = request.url ?? '';
    const queryAt = url.indexOf('?');
    if ((queryAt === -1 ? url : url.slice(0, queryAt)) !== path) return null;
    const { headers } = request;
    const apiKey = headers[apiKeyHeader];
    if (typeof apiKey !== 'string' || !apiKeyMatches(apiKey)) return null;
    if (headers.origin !== undefined && !config.allowedOrigins.includes(headers.origin)) return null;
    return queryAt === -1 ? '' : url.slice(queryAt + 1);
  };
};

/**
 * A query string's parameters as Express's input guard lets them through (each once, no NUL, no
 * `a[b]`), or null for one it would refuse or read otherwise (Express then answers it).
 */
export const plainQuery = (query: string): Record<string, string> | null => {
  const values: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(query)) {
    if (key in values || /[\0\uFFFD[\]]/.test(key) || /[\0\uFFFD]/.test(value)) return null;
    values[key] = value;
  }
  return values;
};
