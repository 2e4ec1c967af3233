import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '../../core/config';
import {
  answerBeforeExpress,
  beatenApiRequest,
  corsAnswerHeaders,
  Draining,
  logWhenAnswered,
  protectiveHeaders,
  type RequestListener,
} from '../../core/http';
import { HeaderUsers } from '../identity';
import { LiveHub } from './live-hub';
import { lastEventIdOf, LIVE_PATH, LIVE_STREAM_HEADERS } from './live-response';

/** A request on the beaten path: when it came, and the id to resume after. */
type Beaten = { started: bigint; lastEventId: string | undefined };

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
  private readonly beatenLine: (request: IncomingMessage) => string | null;
  /** The stream's headers and helmet's, the same for every stream. */
  private readonly headers: string[];

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly hub: LiveHub,
    private readonly users: HeaderUsers,
    private readonly draining: Draining,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.beatenLine = beatenApiRequest(config, 'GET', LIVE_PATH);
    this.headers = [...Object.entries(LIVE_STREAM_HEADERS).flat(), ...protectiveHeaders(config)];
  }

  /** Goes before Express's listener on the HTTP server: it answers the rest. */
  onApplicationBootstrap(): void {
    answerBeforeExpress(this.adapterHost, (request, response, goOn) => {
      const beaten = this.beaten(request);
      if (beaten) void this.serve(request, response, beaten, goOn);
      return beaten !== null;
    });
  }

  /** Whether the request keeps to the beaten path, as far as its line and headers tell. */
  private beaten(request: IncomingMessage): Beaten | null {
    if (this.draining.active) return null;
    const line = this.beatenLine(request);
    if (line === null) return null;
    let query: string | undefined;
    for (const [key, value] of new URLSearchParams(line)) {
      // Express reads anything else its own way (and refuses NUL and repeated keys).
      if (key !== 'lastEventId' || query !== undefined || /[\0\uFFFD]/.test(value)) return null;
      query = value;
    }
    return {
      started: process.hrtime.bigint(),
      lastEventId: lastEventIdOf(request.headers['last-event-id'], query),
    };
  }

  private async serve(
    request: IncomingMessage,
    response: ServerResponse,
    { started, lastEventId }: Beaten,
    goOn: RequestListener,
  ): Promise<void> {
    const user = await this.users.userOf(request.headers).catch(() => null);
    if (!user || this.draining.active) return goOn(request, response);
    if (request.destroyed) return;
    logWhenAnswered(this.logger, 'GET', LIVE_PATH, response, started);
    request.socket.setTimeout(0);
    request.socket.setNoDelay(true);
    response.writeHead(200, [...this.headers, ...corsAnswerHeaders(request.headers.origin)]);
    response.flushHeaders();
    try {
      const stream = await this.hub.open(user, response, lastEventId);
      request.once('close', () => stream.close());
      if (request.destroyed) stream.close();
    } catch {
      response.destroy();
    }
  }
}
