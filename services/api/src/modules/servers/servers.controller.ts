import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  can,
  type CreateServerResponse,
  type Role,
  type RotateServerTokenResponse,
  type Server,
} from '@outpost/contracts';
import {
  createServerSchema,
  updateServerSchema,
  type CreateServerInput,
  type UpdateServerInput,
} from '@outpost/validation';
import {
  CurrentUser,
  networkParam,
  RequirePermission,
  RouteAccess,
  type AuthUser,
  type GrantedAccess,
} from '../../core/auth';
import { ApiRoute, ZodPipe } from '../../core/http';
import { serverParam, type ServerAccess } from './server-access';
import { ServersService } from './servers.service';

const SERVER_EXAMPLE: Server = {
  id: '3c9a1f2e-5b6d-4e7f-8a9b-1c2d3e4f5a6b',
  networkId: '0b6f3c1e-7f0a-4c55-9a57-3f3c9d1f2a10',
  name: 'EU Main (Weekly)',
  actualName: null,
  status: 'offline',
  address: '203.0.113.10:28015',
  connectionAddress: '203.0.113.10:28015',
  playerCount: 0,
  maxPlayers: 8,
  map: null,
  uptime: 0,
  gradient: { from: '#ef4444', to: '#b91c1c', direction: '135deg' },
  lastSeenAt: null,
  createdAt: '2026-11-23T11:00:00.000Z',
};
/**
 * Whether the caller gets the server's signed URLs (ban-check, reports and its key): those who
 * manage servers, except the demo user, whose admin view of the demo network shows no secret.
 */
const seesSignedUrls = (user: AuthUser, role: Role): boolean => !user.isDemo && can(role, 'servers.manage');

const TOKEN_EXAMPLE = 'opsrv_9f86d081884c7d65_q2mK3...';

@ApiTags('servers')
@Controller('api/servers')
export class ServersController {
  constructor(private readonly servers: ServersService) {}

  @Get('network/:networkId')
  @RequirePermission('network.view', { network: networkParam('networkId') })
  @ApiRoute({ summary: "A network's servers", ok: { example: [SERVER_EXAMPLE] }, errors: [404] })
  list(@CurrentUser() user: AuthUser, @RouteAccess() { networkId, role }: GrantedAccess): Promise<Server[]> {
    return this.servers.list(networkId, seesSignedUrls(user, role));
  }

  @Post('network/:networkId')
  @RequirePermission('servers.manage', { network: networkParam('networkId') })
  @ApiRoute({
    summary: 'Add a server (owner, admin); the plugin token is in this answer only',
    bodySchema: createServerSchema,
    body: { name: 'EU Main (Weekly)', connectionAddress: '203.0.113.10:28015' },
    ok: { status: 201, example: { ...SERVER_EXAMPLE, token: TOKEN_EXAMPLE } },
    errors: [400, 403, 404],
  })
  create(
    @CurrentUser() user: AuthUser,
    @Param('networkId') networkId: string,
    @Body(new ZodPipe(createServerSchema)) body: CreateServerInput,
  ): Promise<CreateServerResponse> {
    return this.servers.create(user, networkId, body);
  }

  @Get(':id')
  @RequirePermission('network.view', { network: serverParam() })
  @ApiRoute({ summary: 'One server (never its token)', ok: { example: SERVER_EXAMPLE }, errors: [404] })
  get(@CurrentUser() user: AuthUser, @RouteAccess() { subject, role }: ServerAccess): Server {
    return this.servers.get(subject, seesSignedUrls(user, role));
  }

  @Patch(':id')
  @RequirePermission('servers.manage', { network: serverParam() })
  @ApiRoute({
    summary: "Change a server's name, connection address or gradient (owner, admin)",
    bodySchema: updateServerSchema,
    body: { name: 'EU Main', connectionAddress: 'play.example.com:28015' },
    ok: { example: SERVER_EXAMPLE },
    errors: [400, 403, 404],
  })
  update(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { subject }: ServerAccess,
    @Body(new ZodPipe(updateServerSchema)) body: UpdateServerInput,
  ): Promise<Server> {
    return this.servers.update(user, subject, body);
  }

  @Delete(':id')
  @HttpCode(200)
  @RequirePermission('servers.manage', { network: serverParam() })
  @ApiRoute({ summary: 'Delete a server and what hangs off it (owner, admin)', errors: [403, 404] })
  async delete(@CurrentUser() user: AuthUser, @RouteAccess() { subject }: ServerAccess): Promise<null> {
    await this.servers.delete(user, subject);
    return null;
  }

  @Post(':id/token')
  @HttpCode(200)
  @RequirePermission('servers.manage', { network: serverParam() })
  @ApiRoute({
    summary: "Rotate a server's plugin token (owner, admin): the old token stops working at once",
    ok: { example: { id: SERVER_EXAMPLE.id, token: TOKEN_EXAMPLE } },
    errors: [403, 404],
  })
  rotateToken(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { subject }: ServerAccess,
  ): Promise<RotateServerTokenResponse> {
    return this.servers.rotateToken(user, subject);
  }
}
