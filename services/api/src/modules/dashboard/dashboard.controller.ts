import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { DashboardSummary } from '@outpost/contracts';
import { Authenticated, CurrentUser, type AuthUser } from '../../core/auth';
import { ApiRoute } from '../../core/http';
import { DashboardService } from './dashboard.service';

@ApiTags('dashboard')
@Controller('api/dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('summary')
  @Authenticated()
  @ApiRoute({
    summary: "The signed-in user's dashboard: networks, servers, online players and recent activity",
    ok: {
      example: {
        networks: 2,
        totalServers: 3,
        onlinePlayers: 41,
        serversOnline: 2,
        recentActivity: [],
      } satisfies DashboardSummary,
    },
  })
  summary(@CurrentUser() user: AuthUser): Promise<DashboardSummary> {
    return this.dashboard.summary(user);
  }
}
