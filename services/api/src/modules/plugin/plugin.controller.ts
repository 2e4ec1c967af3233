import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Public } from '../../core/auth';
import { ApiRoute, CompiledZodPipe, ZodPipe } from '../../core/http';
import { HeartbeatService, type HeartbeatResponse } from './heartbeat.service';
import { PluginAuthGuard, serverOf, TokenCheckedByStatement, type PluginRequest } from './plugin-auth.guard';
import {
  PluginEventsService,
  type CommandResultResponse,
  type EventsResponse,
} from './plugin-events.service';
import {
  commandResultSchema,
  distinctSteamIds,
  eventsBatchSchema,
  heartbeatSchema,
  type CommandResultInput,
  type EventsBatchInput,
  type HeartbeatInput,
} from './plugin-schemas';

const STEAM_ID = '76561198000000001';
const ERRORS = [400, 401, 413, 429] as const;

/**
 * The plugin protocol: game servers (an Oxide/Carbon plugin) call it with their server token as
 * `Authorization: Bearer`, never with a user session or the panel's API key. Answers use the
 * API's envelope `{success, data}`. A command comes back in every heartbeat answer until the
 * plugin posts its result, so a plugin must treat command ids idempotently.
 */
@ApiTags('plugin')
@ApiBearerAuth()
@Public()
@UseGuards(PluginAuthGuard)
@Controller('api/plugin/v1')
export class PluginController {
  constructor(
    private readonly heartbeats: HeartbeatService,
    private readonly events: PluginEventsService,
  ) {}

  @Post('heartbeat')
  @HttpCode(200)
  @TokenCheckedByStatement()
  @ApiRoute({
    summary:
      'Server state and the online players, every nextHeartbeatSeconds; offline after 3 missed. Body ≤ 256 KB, ≤ 1000 players',
    bodySchema: heartbeatSchema,
    body: {
      hostname: 'EU Main | Weekly',
      map: 'Procedural Map',
      worldSize: 4000,
      seed: 12345,
      maxPlayers: 100,
      fps: 60,
      entities: 120000,
      memoryMb: 8123,
      uptimeSeconds: 3600,
      version: '2.0.1',
      starting: false,
      players: [
        {
          steamId: STEAM_ID,
          name: 'Rex',
          ip: '198.51.100.7',
          ping: 42,
          position: { x: 10, y: 5, z: -30 },
          connectedSeconds: 600,
          groups: ['default'],
        },
      ],
    },
    ok: {
      example: {
        commands: [{ id: 'c0a8...', type: 'kick', steamId: STEAM_ID, reason: 'Kicked by administrator' }],
        nextHeartbeatSeconds: 10,
      },
    },
    errors: ERRORS,
  })
  heartbeat(
    @Req() request: PluginRequest,
    @Body(new CompiledZodPipe(heartbeatSchema, distinctSteamIds)) body: HeartbeatInput,
  ): Promise<HeartbeatResponse> {
    return this.heartbeats.heartbeat(request.plugin, body);
  }

  @Post('events')
  @HttpCode(200)
  @ApiRoute({
    summary:
      'A batch of events (connect, disconnect, chat, kill, report, log, console); an id already sent by this server is skipped',
    bodySchema: eventsBatchSchema,
    body: {
      events: [
        { id: 'e-1', type: 'connect', at: '2026-11-23T12:00:00Z', steamId: STEAM_ID, name: 'Rex' },
        {
          id: 'e-2',
          type: 'chat',
          at: '2026-11-23T12:00:05Z',
          steamId: STEAM_ID,
          channel: 'global',
          message: 'hi',
        },
        {
          id: 'e-3',
          type: 'kill',
          at: '2026-11-23T12:01:00Z',
          killerSteamId: STEAM_ID,
          victimSteamId: '76561198000000002',
          weapon: 'AK-47',
          distance: 120,
          headshot: true,
        },
      ],
    },
    ok: { example: { accepted: 3, duplicates: 0 } },
    errors: ERRORS,
  })
  ingest(
    @Req() request: PluginRequest,
    @Body(new ZodPipe(eventsBatchSchema)) body: EventsBatchInput,
  ): Promise<EventsResponse> {
    return this.events.ingest(serverOf(request), body.events);
  }

  @Post('commands/:id/result')
  @HttpCode(200)
  @ApiRoute({
    summary: 'What the plugin did with a command it received',
    bodySchema: commandResultSchema,
    body: { ok: true, output: 'Kicked Rex' },
    ok: { example: { id: 'c0a8...', status: 'succeeded' } },
    errors: [...ERRORS, 404],
  })
  commandResult(
    @Req() request: PluginRequest,
    @Param('id') id: string,
    @Body(new ZodPipe(commandResultSchema)) body: CommandResultInput,
  ): Promise<CommandResultResponse> {
    return this.events.commandResult(serverOf(request), id, body);
  }
}
