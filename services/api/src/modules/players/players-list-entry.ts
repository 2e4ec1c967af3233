import type { IncomingMessage, ServerResponse } from 'node:http';
import { EntityManager, RequestContext } from '@mikro-orm/core';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { apiSuccess, API_PATHS, can, type Permission } from '@outpost/contracts';
import { playersQuerySchema, type PlayersQueryInput } from '@outpost/validation';
import { AccessService } from '../../core/access';
import { APP_CONFIG, type AppConfig } from '../../core/config';
import {
  answerBeforeExpress,
  beatenApiRequest,
  corsAnswerHeaders,
  Draining,
  logWhenAnswered,
  plainQuery,
  protectiveHeaders,
  ZodPipe,
  type RequestListener,
} from '../../core/http';
import { HeaderUsers } from '../identity';
import { PlayersService } from './players.service';

/** What GET /api/players requires of the caller in the network it names (its controller says the same). */
export const PLAYERS_LIST_PERMISSION: Permission = 'network.view';

const PLAYERS_PATH = API_PATHS.getPlayers.pattern;

/**
 * GET /api/players answered before Express on the beaten path, the players list's own requests:
 * the API key, no Origin or an allowed one, a query its schema accepts, a bearer JWT of an active
 * session (read as the AccessGuard reads it) of a member whose role may view the network, the
 * panel not draining. It is the panel's most frequent read, and Express and Nest (the router's
 * walk through every route, the middleware, passport, the guard's and the pipe's pipeline, the
 * reply) cost it more CPU than its statements (bench/players-query). Anything else (no or another
 * token, a non-member, bad input, an error of the list) goes on to Express, which answers it as
 * every route (401, 404, 400 with the field, the same page): nothing is read from the request and
 * nothing written before it is taken.
 */
@Injectable()
export class PlayersListEntry implements OnApplicationBootstrap {
  private readonly logger = new Logger('HTTP');
  private readonly beatenLine: (request: IncomingMessage) => string | null;
  private readonly query = new ZodPipe(playersQuerySchema);
  /** helmet's headers (but the CSP: a JSON answer is no document) and the JSON type. */
  private readonly headers: string[];
  /** Off only in the test that compares this answer with Express's. */
  enabled = true;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly users: HeaderUsers,
    private readonly access: AccessService,
    private readonly players: PlayersService,
    private readonly em: EntityManager,
    private readonly draining: Draining,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.beatenLine = beatenApiRequest(config, 'GET', PLAYERS_PATH);
    this.headers = ['Content-Type', 'application/json; charset=utf-8', ...protectiveHeaders(config)];
  }

  onApplicationBootstrap(): void {
    answerBeforeExpress(this.adapterHost, (request, response, goOn) => {
      if (!this.enabled || this.draining.active || !request.headers.authorization) return false;
      const line = this.beatenLine(request);
      const values = line === null ? null : plainQuery(line);
      if (!values) return false;
      let input: PlayersQueryInput;
      try {
        input = this.query.transform(values) as PlayersQueryInput;
      } catch {
        return false;
      }
      void this.serve(request, response, input, goOn);
      return true;
    });
  }

  private async serve(
    request: IncomingMessage,
    response: ServerResponse,
    input: PlayersQueryInput,
    goOn: RequestListener,
  ): Promise<void> {
    const started = process.hrtime.bigint();
    let body: string;
    try {
      const user = await this.users.userOf(request.headers);
      const membership = user && (await this.access.membershipOf(user, input.networkId));
      if (!membership || !can(membership.role, PLAYERS_LIST_PERMISSION) || this.draining.active)
        return goOn(request, response);
      const page = await RequestContext.create(this.em, () =>
        this.players.list({ ...membership, subject: undefined }, input),
      );
      body = JSON.stringify(apiSuccess(page));
    } catch {
      return goOn(request, response);
    }
    // The caller hung up meanwhile.
    if (request.socket.destroyed) return;
    logWhenAnswered(this.logger, 'GET', PLAYERS_PATH, response, started);
    response.writeHead(200, [
      ...this.headers,
      'Content-Length',
      String(Buffer.byteLength(body)),
      ...corsAnswerHeaders(request.headers.origin),
      // As Express's closeWhenDraining: the caller opens a new connection, to an instance that stays.
      ...(this.draining.active ? ['Connection', 'close'] : []),
    ]);
    response.end(body);
  }
}
