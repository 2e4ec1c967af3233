import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  CONSOLE_PAGE_DEFAULT,
  CONSOLE_PAGE_MAX,
  type ConsoleResponse,
  type RunConsoleCommandResponse,
} from '@outpost/contracts';
import {
  consoleQuerySchema,
  runConsoleCommandSchema,
  type ConsoleQueryInput,
  type RunConsoleCommandInput,
} from '@outpost/validation';
import { CurrentUser, RequirePermission, RouteAccess, type AuthUser } from '../../core/auth';
import { ApiRoute, ZodPipe } from '../../core/http';
import { type ServerAccess, serverParam } from '../servers';
import { ConsoleService } from './console.service';

const CONSOLE_EXAMPLE: ConsoleResponse = {
  entries: [
    {
      kind: 'command',
      id: '5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f',
      command: 'status',
      status: 'succeeded',
      output: 'hostname: EU Main\nplayers : 1 (100 max)',
      by: { id: 'user-1', name: 'Olivia Owner' },
      at: '2026-11-25T10:00:01.000Z',
      completedAt: '2026-11-25T10:00:01.120Z',
    },
    {
      kind: 'line',
      id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
      level: 'info',
      message: 'Saved 41,201 ents, cache(0.05), write(0.01), disk(0.00).',
      at: '2026-11-25T10:00:00.000Z',
    },
  ],
  hasMore: false,
};

@ApiTags('console')
@Controller('api/servers')
export class ConsoleController {
  constructor(private readonly console: ConsoleService) {}

  @Post(':id/console')
  @HttpCode(202)
  @RequirePermission('console.run', { network: serverParam() })
  @ApiRoute({
    summary:
      "Run a console command on the server (owner, admin): queued for the server's plugin or bridge, " +
      'its output arrives with GET .../console. 30 a minute per user',
    bodySchema: runConsoleCommandSchema,
    body: { command: 'say Restart in 5 minutes' },
    ok: { status: 202, example: { id: '5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f' } },
    errors: [400, 403, 404, 429],
  })
  run(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { subject }: ServerAccess,
    @Body(new ZodPipe(runConsoleCommandSchema)) body: RunConsoleCommandInput,
  ): Promise<RunConsoleCommandResponse> {
    return this.console.run(user, subject, body.command);
  }

  @Get(':id/console')
  @RequirePermission('console.read', { network: serverParam() })
  @ApiQuery({ name: 'before', required: false, description: 'ISO time: entries older than it (paging back)' })
  @ApiQuery({
    name: 'limit',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: CONSOLE_PAGE_MAX, default: CONSOLE_PAGE_DEFAULT },
  })
  @ApiRoute({
    summary:
      "The server's console, newest first (owner, admin, moderator): commands typed in the panel with their " +
      'status, output and who typed them, and the lines the server printed',
    ok: { example: CONSOLE_EXAMPLE },
    errors: [400, 403, 404],
  })
  list(
    @RouteAccess() { subject }: ServerAccess,
    @Query(new ZodPipe(consoleQuerySchema)) query: ConsoleQueryInput,
  ): Promise<ConsoleResponse> {
    return this.console.list(subject, query);
  }
}
