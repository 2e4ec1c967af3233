import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  PLUGIN_COMMANDS_MAX_WAIT_SECONDS,
  type AgentStateResponse,
  type CommandResultResponse,
  type CommandsResponse,
  type EventsResponse,
  type HeartbeatResponse,
} from '@outpost/contracts';
import {
  agentStateSchema,
  commandResultSchema,
  commandsQuerySchema,
  eventsBatchSchema,
  heartbeatSchema,
  type AgentStateInput,
  type CommandResultInput,
  type CommandsQueryInput,
  type EventsBatchInput,
  type HeartbeatInput,
} from '@outpost/validation';
import { Public } from '../../core/auth';
import { ApiRoute, CompiledZodPipe, ZodPipe } from '../../core/http';
import { PluginAuthGuard, serverOf, TokenCheckedByStatement, type PluginRequest } from './plugin-auth.guard';
import { PluginProtocol } from './plugin-protocol.service';

const STEAM_ID = '76561198000000001';
const ERRORS = [400, 401, 413, 429] as const;
const COMMAND_EXAMPLES = [
  { id: 'c0a8...', type: 'kick', steamId: STEAM_ID, reason: 'Kicked by administrator', name: 'Rex' },
  { id: 'c0a9...', type: 'console', command: 'say Restart in 5 minutes' },
];

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
  constructor(private readonly protocol: PluginProtocol) {}

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
      queued: 4,
      networkIn: 125000,
      networkOut: 480000,
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
      description:
        'Every command whose result is not posted yet (pending or delivered): kick, warn, ban, unban ' +
        '({steamId, reason, name?, expiresAt?}) and console ({command})',
      example: { commands: COMMAND_EXAMPLES, nextHeartbeatSeconds: 10 },
    },
    errors: ERRORS,
  })
  heartbeat(
    @Req() request: PluginRequest,
    @Body(new CompiledZodPipe(heartbeatSchema)) body: HeartbeatInput,
  ): Promise<HeartbeatResponse> {
    return this.protocol.heartbeatOverHttp(request.plugin, body, request.headers['user-agent'], request.ip);
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
    return this.protocol.ingest(serverOf(request), body.events);
  }

  @Get('commands')
  @ApiQuery({
    name: 'wait',
    required: false,
    description: `Seconds to wait for a command, 0 to ${PLUGIN_COMMANDS_MAX_WAIT_SECONDS} (default 0)`,
    schema: { type: 'integer', minimum: 0, maximum: PLUGIN_COMMANDS_MAX_WAIT_SECONDS },
  })
  @ApiRoute({
    summary:
      'Long-poll: the commands queued for this server and not yet handed out, answered as soon as ' +
      'one is queued, or [] when the wait runs out. Each command is answered here once; the ' +
      "heartbeat's answer keeps carrying it until its result is posted",
    ok: {
      description: 'kick, warn, ban, unban ({steamId, reason, name?, expiresAt?}) and console ({command})',
      example: { commands: COMMAND_EXAMPLES },
    },
    errors: [400, 401, 429],
  })
  waitForCommands(
    @Req() request: PluginRequest,
    @Query(new ZodPipe(commandsQuerySchema)) query: CommandsQueryInput,
  ): Promise<CommandsResponse> {
    const gone = new AbortController();
    request.res?.once('close', () => gone.abort());
    return this.protocol.waitForCommands(serverOf(request).id, query.wait, gone.signal);
  }

  @Post('agent-state')
  @HttpCode(200)
  @ApiRoute({
    summary:
      "For an agent that reaches the game server over RCON (outpost-bridge): how that connection is (connecting, connected, unreachable, wrong_password), on every change and once after it starts. detail (at most 500 characters, never the password) says why; since is when the state began (a time ahead of the panel's is taken as now). The server page and GET /api/servers/{id}/connection show it, so a bridge the game refuses reads as refused rather than as a server that never reported",
    bodySchema: agentStateSchema,
    body: {
      state: 'wrong_password',
      detail: '127.0.0.1:28016 refused the RCON password (it closed the connection during the handshake)',
      since: '2026-11-23T14:02:00Z',
    },
    ok: { example: { state: 'wrong_password', since: '2026-11-23T14:02:00.000Z' } },
    errors: ERRORS,
  })
  agentState(
    @Req() request: PluginRequest,
    @Body(new ZodPipe(agentStateSchema)) body: AgentStateInput,
  ): Promise<AgentStateResponse> {
    return this.protocol.agentState(
      request.plugin,
      serverOf(request),
      body,
      request.headers['user-agent'],
      request.ip,
    );
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
    return this.protocol.completeCommand(serverOf(request).id, id, body);
  }
}
