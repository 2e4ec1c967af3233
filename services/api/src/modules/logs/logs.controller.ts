import { applyDecorators, Controller, Get, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  LOG_PAGE_DEFAULT,
  LOG_PAGE_MAX,
  LOG_SEARCH_MAX_LENGTH,
  LOG_TYPES,
  type LogsResponse,
} from '@outpost/contracts';
import {
  encodeLogCursor,
  networkLogsQuerySchema,
  serverLogsQuerySchema,
  type NetworkLogsQueryInput,
  type ServerLogsQueryInput,
} from '@outpost/validation';
import { networkParam, RequirePermission, RouteAccess, type GrantedAccess } from '../../core/auth';
import { ApiRoute, ZodPipe } from '../../core/http';
import { type ServerAccess, serverParam } from '../servers';
import { LogsService } from './logs.service';

const LOGS_EXAMPLE: LogsResponse = {
  entries: [
    {
      id: '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
      type: 'kill',
      serverId: '3c9a1f2e-5b6d-4e7f-8a9b-1c2d3e4f5a6b',
      serverName: 'EU Main (Weekly)',
      at: '2026-11-26T10:00:02.000Z',
      player: { steamId: '76561198000000001', name: 'Ada' },
      target: { steamId: '76561198000000002', name: 'Bob' },
      weapon: 'rifle.ak',
      distance: 87.5,
      headshot: true,
    },
    {
      id: '0a9b8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d',
      type: 'connect',
      serverId: '3c9a1f2e-5b6d-4e7f-8a9b-1c2d3e4f5a6b',
      serverName: 'EU Main (Weekly)',
      at: '2026-11-26T10:00:00.000Z',
      player: { steamId: '76561198000000002', name: 'Bob' },
      ip: '203.0.113.7',
    },
  ],
  nextCursor: encodeLogCursor({
    at: new Date('2026-11-26T10:00:00.000Z'),
    id: '0a9b8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d',
  }),
};

/** The query both routes take (the network's adds serverId). */
const LogsQueryDocs = (): MethodDecorator =>
  applyDecorators(
    ApiQuery({
      name: 'types',
      required: false,
      description: `Comma-separated, of ${LOG_TYPES.join(', ')} (default: all)`,
    }),
    ApiQuery({
      name: 'search',
      required: false,
      description: `Player name, steamId or message contains it, any case (at most ${LOG_SEARCH_MAX_LENGTH} characters)`,
    }),
    ApiQuery({ name: 'from', required: false, description: 'ISO time: lines at or after it' }),
    ApiQuery({ name: 'to', required: false, description: 'ISO time: lines at or before it' }),
    ApiQuery({
      name: 'before',
      required: false,
      description: "The previous page's nextCursor (older lines)",
    }),
    ApiQuery({
      name: 'limit',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: LOG_PAGE_MAX, default: LOG_PAGE_DEFAULT },
    }),
  );

const SUMMARY =
  'newest first, paged back with nextCursor: chat, connects (the IP for owners, admins and moderators), ' +
  'disconnects, kills, F7 reports and log lines (every member), console lines (owners, admins and moderators)';

@ApiTags('logs')
@Controller('api')
export class LogsController {
  constructor(private readonly logs: LogsService) {}

  @Get('servers/:id/logs')
  @RequirePermission('network.view', { network: serverParam() })
  @LogsQueryDocs()
  @ApiRoute({
    summary: `The server's Logs timeline, ${SUMMARY}`,
    ok: { example: LOGS_EXAMPLE },
    errors: [400, 404],
  })
  ofServer(
    @RouteAccess() access: ServerAccess,
    @Query(new ZodPipe(serverLogsQuerySchema)) query: ServerLogsQueryInput,
  ): Promise<LogsResponse> {
    return this.logs.ofServer(access, query);
  }

  @Get('networks/:id/logs')
  @RequirePermission('network.view', { network: networkParam() })
  @LogsQueryDocs()
  @ApiQuery({
    name: 'serverId',
    required: false,
    description: "Only this server's lines (404 when it is not a server of this network)",
  })
  @ApiRoute({
    summary: `The Logs timeline of all the network's servers, each line naming its server, ${SUMMARY}`,
    ok: { example: LOGS_EXAMPLE },
    errors: [400, 404],
  })
  ofNetwork(
    @RouteAccess() access: GrantedAccess,
    @Query(new ZodPipe(networkLogsQuerySchema)) query: NetworkLogsQueryInput,
  ): Promise<LogsResponse> {
    return this.logs.ofNetwork(access, query);
  }
}
