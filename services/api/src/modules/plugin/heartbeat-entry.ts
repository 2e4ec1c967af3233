import type { IncomingMessage, ServerResponse } from 'node:http';
import { EntityManager, RequestContext } from '@mikro-orm/core';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { apiSuccess, API_PATHS } from '@outpost/contracts';
import { findEdgeProblem, heartbeatSchema, type HeartbeatInput } from '@outpost/validation';
import proxyAddr from 'proxy-addr';
import { APP_CONFIG, type AppConfig } from '../../core/config';
import {
  answerBeforeExpress,
  apiFailureOf,
  bodyErrorOf,
  CompiledZodPipe,
  corsAnswerHeaders,
  DEFAULT_RETRY_AFTER_SECONDS,
  Draining,
  invalidField,
  isPlainJson,
  logWhenAnswered,
  PLUGIN_BODY_LIMIT,
  protectiveHeaders,
  readPlainJson,
  toProblem,
} from '../../core/http';
import { PluginAuthGuard } from './plugin-auth.guard';
import { PluginProtocol } from './plugin-protocol.service';

const HEARTBEAT_PATH = API_PATHS.pluginHeartbeat.pattern;

/** Express's test of which proxies to trust ('trust proxy fn'), for the caller's address. */
type TrustProxy = Parameters<typeof proxyAddr>[1];

/**
 * POST /api/plugin/v1/heartbeat answered before Express when it comes as plugins and
 * outpost-bridge send it: a bearer token, plain JSON within the plugin API's limit (isPlainJson),
 * no query, no Origin or an allowed one, the panel not draining. Every game server sends one every ten seconds, and Express and
 * Nest (the router's walk through every route, the middleware, the guard's and the pipe's
 * pipeline, the reply) cost it as much CPU as the heartbeat's own work (bench/ingest). It goes
 * the route's way, in the same order, with the same parts: the body read as the plugin parser
 * reads it and held to the input guard's rules, the plugin guard (the token, the per-server rate
 * limit), the route's schema, the protocol's heartbeat and its note of the agent; an answer or a
 * refusal in the same words, status and headers (but the CSP, a policy for documents, and the
 * ETag). Anything else goes on to Express, which has not read a byte of it.
 */
@Injectable()
export class HeartbeatEntry implements OnApplicationBootstrap {
  private readonly logger = new Logger('HTTP');
  private readonly errors = new Logger('Errors');
  private readonly body = new CompiledZodPipe(heartbeatSchema);
  /** helmet's headers (but the CSP) and the JSON type, the same for every answer. */
  private readonly headers: string[];
  private trustProxy: TrustProxy = () => false;
  /** Off only in the tests that compare these answers with Express's. */
  enabled = true;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly guard: PluginAuthGuard,
    private readonly protocol: PluginProtocol,
    private readonly em: EntityManager,
    private readonly draining: Draining,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.headers = ['Content-Type', 'application/json; charset=utf-8', ...protectiveHeaders(config)];
  }

  onApplicationBootstrap(): void {
    const express = this.adapterHost.httpAdapter?.getInstance<{ get(name: string): unknown }>();
    const trust = express?.get('trust proxy fn');
    if (typeof trust === 'function') this.trustProxy = trust as TrustProxy;
    answerBeforeExpress(this.adapterHost, (request, response) => {
      if (!this.takes(request)) return false;
      void this.serve(request, response);
      return true;
    });
  }

  private takes(request: IncomingMessage): boolean {
    return (
      this.enabled &&
      request.method === 'POST' &&
      request.url === HEARTBEAT_PATH &&
      !this.draining.active &&
      request.headers.authorization !== undefined &&
      // A browser's call from elsewhere gets Express's CORS answer (no grant).
      (request.headers.origin === undefined || this.config.allowedOrigins.includes(request.headers.origin)) &&
      isPlainJson(request) &&
      Number(request.headers['content-length']) <= PLUGIN_BODY_LIMIT
    );
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    logWhenAnswered(this.logger, 'POST', HEARTBEAT_PATH, response);
    try {
      const answer = await RequestContext.create(this.em, () => this.heartbeat(request));
      this.answer(request, response, 200, apiSuccess(answer));
    } catch (error) {
      const problem = toProblem(bodyErrorOf(error));
      if (problem.bug)
        this.errors.error(
          `POST ${HEARTBEAT_PATH} failed`,
          error instanceof Error ? error.stack : String(error),
        );
      const retry =
        problem.status === 429
          ? ['Retry-After', String(problem.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS)]
          : [];
      this.answer(request, response, problem.status, apiFailureOf(problem), retry);
    }
  }

  /** The route's parts in its order: body, input guard, plugin guard, schema, heartbeat, agent. */
  private async heartbeat(request: IncomingMessage) {
    const raw = await readPlainJson(request);
    const edge = findEdgeProblem(raw);
    if (edge) throw invalidField(edge);
    const caller = await this.guard.callerOf(request.headers.authorization, true);
    const input = this.body.transform(raw) as HeartbeatInput;
    const address = proxyAddr(request, this.trustProxy);
    return this.protocol.heartbeatOverHttp(caller, input, request.headers['user-agent'], address);
  }

  private answer(
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    payload: unknown,
    extra: string[] = [],
  ): void {
    if (response.headersSent || request.socket.destroyed) return void response.end();
    const body = JSON.stringify(payload);
    response.writeHead(status, [
      ...this.headers,
      ...extra,
      'Content-Length',
      String(Buffer.byteLength(body)),
      ...corsAnswerHeaders(request.headers.origin),
      // As Express's closeWhenDraining: the caller opens a new connection, to an instance that stays.
      ...(this.draining.active ? ['Connection', 'close'] : []),
    ]);
    response.end(body);
  }
}
