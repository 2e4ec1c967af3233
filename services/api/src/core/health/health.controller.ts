import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth';
import { RedisLink } from '../cluster';
import { DatabaseHealth } from '../database';

export type LiveStatus = { status: 'ok' };
/** `redis` only with REDIS_URL set: degraded while it is away, which does not fail readiness. */
export type ReadyStatus = ({ status: 'ok'; database: 'up' } | { status: 'error'; database: 'down' }) & {
  redis?: 'up' | 'degraded';
};

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly database: DatabaseHealth,
    private readonly redis: RedisLink,
  ) {}

  @Get('live')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The process is up (for a liveness probe)' })
  live(): LiveStatus {
    return { status: 'ok' };
  }

  @Get('ready')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary:
      'The database answers (for a load balancer or readiness probe); 503 when not. With REDIS_URL set, `redis` says up or degraded: an instance without Redis still serves, alone',
  })
  async ready(@Res({ passthrough: true }) response: Response): Promise<ReadyStatus> {
    const redis = this.redis.state === 'off' ? {} : { redis: this.redis.state };
    if (await this.database.isUp()) return { status: 'ok', database: 'up', ...redis };
    response.status(503);
    return { status: 'error', database: 'down', ...redis };
  }
}
