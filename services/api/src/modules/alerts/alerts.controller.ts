import { applyDecorators, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  ALERT_PAGE_DEFAULT,
  ALERT_PAGE_MAX,
  ALERT_STATES,
  type Alert,
  type AlertInbox,
  type AlertsResponse,
} from '@outpost/contracts';
import { alertsQuerySchema, type AlertsQueryInput } from '@outpost/validation';
import {
  Authenticated,
  CurrentUser,
  networkParam,
  RequirePermission,
  RouteAccess,
  type AuthUser,
  type GrantedAccess,
} from '../../core/auth';
import { ApiRoute, ZodPipe } from '../../core/http';
import { ALERT_EXAMPLE } from './alert-examples';
import { AlertsClock } from './alerts-clock';
import { AlertsQuery } from './alerts.query';

const ListQueryDocs = (): MethodDecorator =>
  applyDecorators(
    ApiQuery({ name: 'serverId', required: false, description: 'Only this server’s alerts' }),
    ApiQuery({ name: 'state', required: false, enum: [...ALERT_STATES] }),
    ApiQuery({ name: 'before', required: false, description: "The previous page's nextCursor (older)" }),
    ApiQuery({ name: 'cursor', required: false, description: 'The same as before' }),
    ApiQuery({
      name: 'limit',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: ALERT_PAGE_MAX, default: ALERT_PAGE_DEFAULT },
    }),
  );

@ApiTags('alerts')
@Controller('api')
export class AlertsController {
  constructor(
    private readonly query: AlertsQuery,
    private readonly clock: AlertsClock,
  ) {}

  @Get('networks/:id/alerts')
  @RequirePermission('network.view', { network: networkParam() })
  @ListQueryDocs()
  @ApiRoute({
    summary: "The network's alerts with their deliveries, newest first, paged back with nextCursor",
    ok: { example: { alerts: [ALERT_EXAMPLE], nextCursor: null } },
    errors: [400, 403, 404],
  })
  list(
    @RouteAccess() { networkId }: GrantedAccess,
    @Query(new ZodPipe(alertsQuerySchema)) query: AlertsQueryInput,
  ): Promise<AlertsResponse> {
    return this.query.page(networkId, query);
  }

  @Get('networks/:id/alerts/:alertId')
  @RequirePermission('network.view', { network: networkParam() })
  @ApiRoute({ summary: 'One alert with its deliveries', ok: { example: ALERT_EXAMPLE }, errors: [403, 404] })
  one(@RouteAccess() { networkId }: GrantedAccess, @Param('alertId') alertId: string): Promise<Alert> {
    return this.query.one(networkId, alertId);
  }

  @Get('alerts/inbox')
  @Authenticated()
  @ApiRoute({
    summary:
      "The header's bell: the 20 latest alerts of the user's networks; unread = those fired or reopened since the user last marked them read",
    ok: { example: { unread: 1, alerts: [ALERT_EXAMPLE] } },
  })
  inbox(@CurrentUser() user: AuthUser): Promise<AlertInbox> {
    return this.query.inbox(user.id);
  }

  @Post('alerts/inbox/read')
  @HttpCode(200)
  @Authenticated()
  @ApiRoute({
    summary: 'Marks every alert of the bell read; answers the bell',
    ok: { example: { unread: 0, alerts: [ALERT_EXAMPLE] } },
  })
  async read(@CurrentUser() user: AuthUser): Promise<AlertInbox> {
    await this.query.markRead(user.id, this.clock.now());
    return this.query.inbox(user.id);
  }
}
