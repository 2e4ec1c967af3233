import { Controller, Get, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  DASHBOARD_ACTIVITY_DEFAULT,
  DASHBOARD_ACTIVITY_MAX,
  MEMBER_VISIBLE_AUDIT_ACTIONS,
  MEMBER_VISIBLE_AUDIT_DETAILS,
  type DashboardActivity,
  type DashboardSummary,
} from '@outpost/contracts';
import { dashboardActivityQuerySchema, type DashboardActivityQueryInput } from '@outpost/validation';
import { Authenticated, CurrentUser, type AuthUser } from '../../core/auth';
import { ApiRoute, ZodPipe } from '../../core/http';
import { DashboardService } from './dashboard.service';

@ApiTags('dashboard')
@Controller('api/dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('summary')
  @Authenticated()
  @ApiRoute({
    summary: "The signed-in user's dashboard cards: networks, servers, online players, servers online",
    ok: {
      example: {
        networks: 2,
        totalServers: 3,
        onlinePlayers: 41,
        serversOnline: 2,
      } satisfies DashboardSummary,
    },
  })
  summary(@CurrentUser() user: AuthUser): Promise<DashboardSummary> {
    return this.dashboard.summary(user);
  }

  @Get('activity')
  @Authenticated()
  @ApiQuery({
    name: 'limit',
    required: false,
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: DASHBOARD_ACTIVITY_MAX,
      default: DASHBOARD_ACTIVITY_DEFAULT,
    },
  })
  @ApiRoute({
    summary:
      "Recent Activity: the newest audit entries of the user's networks. Where the role has audit.view " +
      `(owner, admin, moderator) every entry; elsewhere only ${MEMBER_VISIBLE_AUDIT_ACTIONS.join(', ')}, ` +
      `their details cut to ${MEMBER_VISIBLE_AUDIT_DETAILS.join(', ')}`,
    ok: {
      example: {
        entries: [
          {
            id: '0193a5e0c0000000000a1b2c3d4e5f60718',
            action: 'player.kicked',
            networkId: '0b6f3c1e-7f0a-4c55-9a57-3f3c9d1f2a10',
            networkName: 'Rust Legends',
            actorId: 'u_8f2k1m',
            actorName: 'Ada',
            targetType: 'player',
            targetId: '5d1c7a9e-2b3f-4c6d-8e0a-1f2b3c4d5e6f',
            targetName: 'Bob',
            details: {
              steamId: '76561198000000002',
              serverId: '3c9a1f2e-5b6d-4e7f-8a9b-1c2d3e4f5a6b',
              reason: 'Spam',
            },
            createdAt: '2026-11-23T11:00:00.000Z',
          },
        ],
      } satisfies DashboardActivity,
    },
    errors: [400],
  })
  activity(
    @CurrentUser() user: AuthUser,
    @Query(new ZodPipe(dashboardActivityQuerySchema)) query: DashboardActivityQueryInput,
  ): Promise<DashboardActivity> {
    return this.dashboard.activity(user, query);
  }
}
