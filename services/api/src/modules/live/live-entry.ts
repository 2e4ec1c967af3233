import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import helmet from 'helmet';
import { APP_CONFIG, type AppConfig } from '../../core/config';
import {
  API_KEY_HEADER,
  apiKeyMatcher,
  Draining,
  FALLBACK_COOKIES_HEADER,
  helmetOptions,
  logWhenAnswered,
} from '../../core/http';
import { HeaderUsers } from '../identity';
import { LiveHub } from './live-hub';
import { lastEventIdOf, LIVE_PATH, LIVE_STREAM_HEADERS } from './live-response';

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

/** A request on the beaten path: when it came, and the id to resume after. */
type Beaten = { started: bigint; lastEventId: string | undefined };

/**
 * The headers helmet gives every answer, but the Content-Security-Policy: a policy for documents,
 * and an event stream is none (it is also the longest, and Node keeps a response's headers for as
 * long as it is open).
 */
const protectiveHeaders = (config: AppConfig): string[] => {
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

/**
 * GET /api/live answered before Express, on Node's own request and response, when the request
 * keeps to the beaten path: the API key, a bearer JWT or session cookie of an active session (read
 * as the AccessGuard reads them), no query but lastEventId, no Origin or an allowed one, the panel
 * not draining. A stream lives for hours, and what Express and Nest leave on a request they
 * handled (a hidden class of its own per request once Express swaps its prototype, the router's
 * and passport's closures, the cookies, helmet's headers that Node keeps for the life of the
 * response) came to more than the stream itself (bench/live-fanout). Any other request goes on
 * to Express, which answers it as it answers every route (401, 400 with the field, or the same
 * stream).
 */
@Injectable()
export class LiveEntry implements OnApplicationBootstrap {
  private readonly logger = new Logger('HTTP');
  private readonly apiKeyMatches: (given: string | undefined) => boolean;
  /** The stream's headers and helmet's, the same for every stream. */
  private readonly headers: string[];

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly hub: LiveHub,
    private readonly users: HeaderUsers,
    private readonly draining: Draining,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.apiKeyMatches = apiKeyMatcher(config.apiKey);
    this.headers = [...Object.entries(LIVE_STREAM_HEADERS).flat(), ...protectiveHeaders(config)];
  }

  /** Goes before Express's listener on the HTTP server: it answers the rest. */
  onApplicationBootstrap(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server) return;
    const onward = server.listeners('request') as Listener[];
    server.removeAllListeners('request');
    const goOn: Listener = (request, response) => {
      for (const listener of onward) listener.call(server, request, response);
    };
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const beaten = this.beaten(request);
      if (beaten) void this.serve(request, response, beaten, goOn);
      else goOn(request, response);
    });
  }

  /** Whether the request keeps to the beaten path, as far as its line and headers tell. */
  private beaten(request: IncomingMessage): Beaten | null {
    if (request.method !== 'GET' || this.draining.active) return null;
    const url = request.url ?? '';
    const queryAt = url.indexOf('?');
    if ((queryAt === -1 ? url : url.slice(0, queryAt)) !== LIVE_PATH) return null;
    let query: string | undefined;
    if (queryAt !== -1)
      for (const [key, value] of new URLSearchParams(url.slice(queryAt + 1))) {
        // Express reads anything else its own way (and refuses NUL and repeated keys).
        if (key !== 'lastEventId' || query !== undefined || /[\0\uFFFD]/.test(value)) return null;
        query = value;
      }
    const { headers } = request;
    const apiKey = headers[API_KEY_HEADER.toLowerCase()];
    if (typeof apiKey !== 'string' || !this.apiKeyMatches(apiKey)) return null;
    if (headers.origin !== undefined && !this.config.allowedOrigins.includes(headers.origin)) return null;
    return { started: process.hrtime.bigint(), lastEventId: lastEventIdOf(headers['last-event-id'], query) };
  }

  private async serve(
    request: IncomingMessage,
    response: ServerResponse,
    { started, lastEventId }: Beaten,
    goOn: Listener,
  ): Promise<void> {
    const user = await this.users.userOf(request.headers).catch(() => null);
    if (!user || this.draining.active) return goOn(request, response);
    if (request.destroyed) return;
    logWhenAnswered(this.logger, 'GET', LIVE_PATH, response, started);
    request.socket.setTimeout(0);
    request.socket.setNoDelay(true);
    response.writeHead(200, this.headersFor(request.headers.origin));
    response.flushHeaders();
    try {
      const stream = await this.hub.open(user, response, lastEventId);
      request.once('close', () => stream.close());
      if (request.destroyed) stream.close();
    } catch {
      response.destroy();
    }
  }

  /** As the CORS options answer (corsOptions): the origin echoed when it is allowed. */
  private headersFor(origin: string | undefined): string[] {
    const cors = [
      'Vary',
      'Origin',
      'Access-Control-Allow-Credentials',
      'true',
      'Access-Control-Expose-Headers',
      FALLBACK_COOKIES_HEADER,
    ];
    return [...this.headers, ...(origin ? ['Access-Control-Allow-Origin', origin] : []), ...cors];
  }
}
