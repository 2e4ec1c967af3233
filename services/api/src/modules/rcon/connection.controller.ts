import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { can, type ServerConnection } from '@outpost/contracts';
import { CurrentUser, RequirePermission, RouteAccess, type AuthUser } from '../../core/auth';
import { ApiRoute } from '../../core/http';
import { serverParam, type ServerAccess } from '../servers';
import { ServerConnections } from './server-connection';

const EXAMPLE: ServerConnection = {
  via: 'bridge',
  state: 'wrong_password',
  detail: '127.0.0.1:28016 refused the RCON password (it closed the connection during the handshake)',
  since: '2026-11-23T14:02:00.000Z',
  bridgeVersion: '0.1.0',
};

/**
 * How a server is connected, whichever way (the panel's own RCON, outpost-bridge, a plugin): one
 * view for every member. It lives beside the panel's RCON connections, whose row it reads; the
 * servers module gives the rest (heartbeats, what the agent said).
 */
@ApiTags('servers')
@Controller('api/servers/:id/connection')
export class ConnectionController {
  constructor(private readonly connections: ServerConnections) {}

  @Get()
  @RequirePermission('network.view', { network: serverParam() })
  @ApiRoute({
    summary:
      "How the server is connected (every member): via the panel's own RCON, the bridge or a plugin (null before anything reported), its state (connecting, connected, unreachable, wrong_password, or waiting for a first report), since when, why (detail: with the RCON address for owners and admins, a text without one for the others) and the bridge's version",
    ok: { example: EXAMPLE },
    errors: [404],
  })
  get(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { subject, role }: ServerAccess,
  ): Promise<ServerConnection> {
    // Addresses as the server's own data gives them: to those who manage servers, never the demo user.
    return this.connections.of(subject, !user.isDemo && can(role, 'servers.manage'));
  }
}
