import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/access.decorators';
import { DatabaseHealth } from '../database/database-health';

export type LiveStatus = { status: 'ok' };
export type ReadyStatus = { status: 'ok'; database: 'up' } | { status: 'error'; database: 'down' };

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly database: DatabaseHealth) {}

  @Get('live')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The process is up (for a liveness probe)' })
  live(): LiveStatus {
    return { status: 'ok' };
  }

  @Get('ready')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The database answers (for a load balancer or readiness probe); 503 when not' })
  async ready(@Res({ passthrough: true }) response: Response): Promise<ReadyStatus> {
    if (await this.database.isUp()) return { status: 'ok', database: 'up' };
    response.status(503);
    return { status: 'error', database: 'down' };
  }
}
