import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Network } from '@outpost/contracts';
import {
  createNetworkSchema,
  updateNetworkSchema,
  type CreateNetworkInput,
  type UpdateNetworkInput,
} from '@outpost/validation';
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
import { NETWORK_EXAMPLE } from './networks.examples';
import { NetworksService } from './networks.service';

@ApiTags('networks')
@Controller('api/networks')
export class NetworksController {
  constructor(private readonly networks: NetworksService) {}

  @Get()
  @Authenticated()
  @ApiRoute({
    summary: "The caller's networks with their role, server count and member count",
    ok: { example: [NETWORK_EXAMPLE] },
  })
  list(@CurrentUser() user: AuthUser): Promise<Network[]> {
    return this.networks.list(user);
  }

  @Post()
  @Authenticated()
  @ApiRoute({
    summary: 'Create a network; the caller becomes its owner',
    bodySchema: createNetworkSchema,
    body: {
      name: 'Rust Legends',
      description: 'New network ready for your servers',
      gradient: NETWORK_EXAMPLE.gradient,
    },
    ok: { status: 201, example: NETWORK_EXAMPLE },
    errors: [400, 403],
  })
  create(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(createNetworkSchema)) body: CreateNetworkInput,
  ): Promise<Network> {
    return this.networks.create(user, body);
  }

  @Get(':id')
  @RequirePermission('network.view', { network: networkParam() })
  @ApiRoute({ summary: 'One network of the caller', ok: { example: NETWORK_EXAMPLE }, errors: [404] })
  get(@RouteAccess() { networkId, role }: GrantedAccess): Promise<Network> {
    return this.networks.get(networkId, role);
  }

  @Patch(':id')
  @RequirePermission('network.settings', { network: networkParam() })
  @ApiRoute({
    summary: 'Network settings (owner): name, description, gradient, notifications',
    bodySchema: updateNetworkSchema,
    body: {
      name: 'Rust Legends EU',
      description: 'Weekly wipes',
      notifications: { serverOffline: true, newMembers: true },
    },
    ok: { example: NETWORK_EXAMPLE },
    errors: [400, 403, 404],
  })
  update(
    @CurrentUser() user: AuthUser,
    @RouteAccess() access: GrantedAccess,
    @Body(new ZodPipe(updateNetworkSchema)) body: UpdateNetworkInput,
  ): Promise<Network> {
    return this.networks.update(user, access, body);
  }

  @Delete(':id')
  @HttpCode(200)
  @RequirePermission('network.delete', { network: networkParam() })
  @ApiRoute({
    summary: 'Delete a network (owner) with its servers, members, invites and audit log',
    errors: [403, 404],
  })
  async delete(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<null> {
    await this.networks.delete(user, id);
    return null;
  }
}
