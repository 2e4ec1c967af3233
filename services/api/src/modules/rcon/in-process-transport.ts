import { EntityManager, RequestContext } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { PLUGIN_COMMANDS_MAX_WAIT_SECONDS, PLUGIN_MAX_EVENTS_PER_BATCH } from '@outpost/contracts';
import { errorOf, stampEvents, type NewPluginEvent } from '@outpost/plugin-sdk';
import type { PluginTransport } from '@outpost/rcon';
import { commandResultSchema, eventsBatchSchema, heartbeatSchema } from '@outpost/validation';
import { API_ERROR_STATUS, CompiledZodPipe, DomainError, ZodPipe } from '../../core/http';
import { type PluginCaller, PluginProtocol } from '../plugin';
import { GameServer } from '../servers';
import { rconErrors } from './rcon.errors';

// The same checks as the plugin routes' pipes: a bridged server is held to the protocol too (and
// the heartbeat's distinct players are the protocol service's to check, for both).
const heartbeatPipe = new CompiledZodPipe(heartbeatSchema);
const eventsPipe = new ZodPipe(eventsBatchSchema);
const resultPipe = new ZodPipe(commandResultSchema);

/** A DomainError as the plugin SDK would have raised it from the HTTP answer (404, 400, ...). */
const asPluginError = (error: unknown): unknown =>
  error instanceof DomainError
    ? errorOf(
        API_ERROR_STATUS[error.code],
        { error: error.message, code: error.code, details: error.details },
        error.retryAfterSeconds === undefined ? null : String(error.retryAfterSeconds),
      )
    : error;

/**
 * The plugin protocol inside the API, for the panel's own RCON connections: each call goes to
 * the protocol service its plugin route calls, as the game server whose id it was made for (its current
 * token, read at each heartbeat, so a rotation changes nothing here). No HTTP, no token to keep.
 */
@Injectable()
export class InProcessTransports {
  constructor(
    private readonly em: EntityManager,
    private readonly protocol: PluginProtocol,
  ) {}

  for(serverId: string): PluginTransport {
    return {
      heartbeat: (state) =>
        this.call(async () =>
          this.protocol.heartbeat(await this.callerOf(serverId), heartbeatPipe.transform(state)),
        ),
      sendEvents: (events: NewPluginEvent[]) =>
        this.call(async () => {
          const server = await this.serverOf(serverId);
          const stamped = stampEvents(events);
          const total = { accepted: 0, duplicates: 0 };
          for (let start = 0; start < stamped.length; start += PLUGIN_MAX_EVENTS_PER_BATCH) {
            const batch = eventsPipe.transform({
              events: stamped.slice(start, start + PLUGIN_MAX_EVENTS_PER_BATCH),
            });
            const ack = await this.protocol.ingest(server, batch.events);
            total.accepted += ack.accepted;
            total.duplicates += ack.duplicates;
          }
          return total;
        }),
      reportCommandResult: (id, result) =>
        this.call(() => this.protocol.completeCommand(serverId, id, resultPipe.transform(result))),
      waitForCommands: (waitSeconds, options = {}) =>
        this.call(async () => {
          const wait = Math.max(0, Math.min(PLUGIN_COMMANDS_MAX_WAIT_SECONDS, Math.floor(waitSeconds)));
          const gone = options.signal ?? new AbortController().signal;
          return this.protocol.waitForCommands(serverId, wait, gone);
        }),
    };
  }

  /** Each call in a context of its own, as each HTTP request gets one. */
  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await RequestContext.create(this.em, run);
    } catch (error) {
      throw asPluginError(error);
    }
  }

  private async serverOf(serverId: string): Promise<GameServer> {
    const server = await this.em.findOne(GameServer, { id: serverId });
    if (!server) throw rconErrors.serverGone();
    return server;
  }

  /** The server as the plugin guard would have found it from its token. */
  private async callerOf(serverId: string): Promise<PluginCaller> {
    const server = await this.serverOf(serverId);
    return { token: { tokenId: server.tokenId, secretHash: server.tokenHash }, server };
  }
}
