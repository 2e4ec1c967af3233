import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PublicStats } from '@outpost/contracts';
import { Public } from '../../core/auth';
import { StatsService } from './stats.service';

@ApiTags('public')
@Controller('api/public')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get('stats')
  @Public()
  @Header('Cache-Control', 'public, max-age=30')
  @ApiOperation({
    summary:
      "This panel's aggregate numbers (landing page), cached for 30 seconds: its totals only when PUBLIC_STATS is on",
  })
  @ApiOkResponse({
    description: '{totals: {networks, servers, onlineServers, players, onlinePlayers} | null, demo}',
  })
  publicStats(): Promise<PublicStats> {
    return this.stats.publicStats();
  }
}
