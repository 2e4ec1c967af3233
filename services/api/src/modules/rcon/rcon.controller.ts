import { Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  RCON_DEFAULT_PORT,
  RCON_REFUSED_RETRY_MINUTES,
  type PutRconResponse,
  type RconStatus,
} from '@outpost/contracts';
import { putRconSchema, type PutRconInput } from '@outpost/validation';
import { CurrentUser, RequirePermission, RouteAccess, type AuthUser } from '../../core/auth';
import { ApiRoute, ZodPipe } from '../../core/http';
import { type ServerAccess, serverParam } from '../servers';
import { RCON_SETTINGS_PER_WINDOW, RCON_SETTINGS_WINDOW_MINUTES } from './rcon.errors';
import { RconService } from './rcon.service';

const STATUS_EXAMPLE: RconStatus = {
  host: '10.0.0.5',
  port: RCON_DEFAULT_PORT,
  state: 'connected',
  lastError: null,
  connectedAt: '2026-11-25T11:00:00.000Z',
  refusedAt: null,
};

/**
 * The panel's own connection to a server's WebRCON (`+rcon.web 1`): the panel runs the RCON
 * translator for it, as `outpost-bridge` would beside the game server.
 */
@ApiTags('servers')
@Controller('api/servers/:id/rcon')
export class RconController {
  constructor(private readonly rcon: RconService) {}

  @Get()
  @RequirePermission('servers.manage', { network: serverParam() })
  @ApiRoute({
    summary: `The panel's RCON connection to a server (owner, admin): address and state (connecting, connected, unreachable, wrong_password), never the password; data null while none is set (a server connected otherwise). After wrong_password, refusedAt says when: the panel dials the same password again only after ${RCON_REFUSED_RETRY_MINUTES} minutes, on a new save, or on POST .../rcon/retry`,
    ok: { example: STATUS_EXAMPLE },
    errors: [403, 404],
  })
  get(@RouteAccess() { subject }: ServerAccess): Promise<RconStatus | null> {
    return this.rcon.get(subject.id);
  }

  @Put()
  @RequirePermission('servers.manage', { network: serverParam() })
  @ApiRoute({
    summary: `Set a server's RCON address and password (owner, admin) and connect to it; the password is stored encrypted and never answered. The egress policy applies: link-local and cloud metadata addresses are refused (400 naming the rule), loopback and private ones too when OUTBOUND_ALLOW_PRIVATE is false, and a host name is checked on what it resolves to at each connection (the state says unreachable, naming the rule). At most ${RCON_SETTINGS_PER_WINDOW} saves every ${RCON_SETTINGS_WINDOW_MINUTES} minutes per user (429)`,
    bodySchema: putRconSchema,
    body: { host: '10.0.0.5', port: RCON_DEFAULT_PORT, password: 'the +rcon.password value' },
    ok: { example: { host: '10.0.0.5', port: RCON_DEFAULT_PORT, state: 'connecting' } },
    errors: [400, 403, 404, 429],
  })
  put(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { subject }: ServerAccess,
    @Body(new ZodPipe(putRconSchema)) body: PutRconInput,
  ): Promise<PutRconResponse> {
    return this.rcon.put(user, subject, body);
  }

  @Post('retry')
  @HttpCode(200)
  @RequirePermission('servers.manage', { network: serverParam() })
  @ApiRoute({
    summary: `Try again (owner, admin): the panel dials the server's RCON now, wherever the connection is held, instead of at the end of its wait (${RCON_REFUSED_RETRY_MINUTES} minutes after a refused password). Answers the connection's state (connecting; connected ones are left as they are). Counted with the saves: at most ${RCON_SETTINGS_PER_WINDOW} every ${RCON_SETTINGS_WINDOW_MINUTES} minutes per user (429)`,
    ok: {
      example: { ...STATUS_EXAMPLE, state: 'connecting', connectedAt: null } satisfies RconStatus,
    },
    errors: [403, 404, 429],
  })
  retry(@CurrentUser() user: AuthUser, @RouteAccess() { subject }: ServerAccess): Promise<RconStatus> {
    return this.rcon.retry(user, subject);
  }

  @Delete()
  @HttpCode(200)
  @RequirePermission('servers.manage', { network: serverParam() })
  @ApiRoute({
    summary: "Remove a server's RCON settings and end the panel's connection (owner, admin)",
    errors: [403, 404],
  })
  async remove(@CurrentUser() user: AuthUser, @RouteAccess() { subject }: ServerAccess): Promise<null> {
    await this.rcon.remove(user, subject);
    return null;
  }
}
