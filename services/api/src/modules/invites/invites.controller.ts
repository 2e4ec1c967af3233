import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Invite, InvitePreview, Network } from '@outpost/contracts';
import {
  createInviteSchema,
  inviteCodeSchema,
  joinInviteSchema,
  type CreateInviteInput,
  type JoinInviteInput,
} from '@outpost/validation';
import {
  Authenticated,
  CurrentUser,
  networkAt,
  networkParam,
  RequirePermission,
  RouteAccess,
  type AuthUser,
} from '../../core/auth';
import { ApiRoute, ZodPipe } from '../../core/http';
import { NETWORK_EXAMPLE } from '../networks';
import { inviteParam, type InviteAccess } from './invite-access';
import { InvitesService } from './invites.service';

const INVITE_EXAMPLE: Invite = {
  id: '9d1e4b7a-2c3f-4e5d-8a9b-0c1d2e3f4a5b',
  code: 'K7Q2M-9XBTR-4HZ8W',
  networkId: NETWORK_EXAMPLE.id,
  role: 'member',
  maxUses: 1,
  currentUses: 0,
  isActive: true,
  expiresAt: '2026-11-24T11:00:00.000Z',
  createdAt: '2026-11-23T11:00:00.000Z',
  metadata: { createdFrom: 'network-dashboard' },
};

@ApiTags('invites')
@Controller('api/invites')
export class InvitesController {
  constructor(private readonly invites: InvitesService) {}

  @Post()
  @RequirePermission('invites.manage', { network: networkAt('body', 'networkId', createInviteSchema) })
  @ApiRoute({
    summary:
      'Create an invite (owner, admin): the role it gives (member or moderator), its uses (1-100) and hours; defaults member, 50 uses and 168 hours',
    bodySchema: createInviteSchema,
    body: {
      networkId: NETWORK_EXAMPLE.id,
      role: 'moderator',
      maxUses: 1,
      expiresInHours: 24,
      metadata: { createdFrom: 'network-dashboard' },
    },
    ok: { status: 201, example: INVITE_EXAMPLE },
    errors: [400, 403, 404],
  })
  create(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(createInviteSchema)) body: CreateInviteInput,
  ): Promise<Invite> {
    return this.invites.create(user, body);
  }

  @Get('network/:networkId')
  @RequirePermission('invites.manage', { network: networkParam('networkId') })
  @ApiRoute({
    summary: "A network's invites, newest first (owner, admin)",
    ok: { example: [INVITE_EXAMPLE] },
    errors: [403, 404],
  })
  list(@Param('networkId') networkId: string): Promise<Invite[]> {
    return this.invites.listForNetwork(networkId);
  }

  @Post('join')
  @HttpCode(200)
  @Authenticated()
  @ApiRoute({
    summary:
      'Join the network of an invite code (any case, spaces or dashes anywhere), in the role the invite gives; answers the network joined',
    bodySchema: joinInviteSchema,
    body: { inviteCode: 'K7Q2M-9XBTR-4HZ8W' },
    ok: { example: { ...NETWORK_EXAMPLE, role: 'member' } },
    errors: [400, 403, 404, 409, 410],
  })
  join(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(joinInviteSchema)) body: JoinInviteInput,
  ): Promise<Network> {
    return this.invites.join(user, body.inviteCode);
  }

  @Get('validate/:code')
  @Authenticated()
  @ApiRoute({
    summary: 'Check an invite code before joining: the network it leads to and the uses left',
    ok: {
      example: {
        code: INVITE_EXAMPLE.code,
        networkId: NETWORK_EXAMPLE.id,
        networkName: NETWORK_EXAMPLE.name,
        expiresAt: INVITE_EXAMPLE.expiresAt,
        usesLeft: 1,
        role: 'member',
        alreadyMember: false,
      } satisfies InvitePreview,
    },
    errors: [400, 404, 410],
  })
  validate(
    @CurrentUser() user: AuthUser,
    @Param('code', new ZodPipe(inviteCodeSchema)) code: string,
  ): Promise<InvitePreview> {
    return this.invites.validate(user, code);
  }

  @Delete(':id')
  @HttpCode(200)
  @RequirePermission('invites.manage', { network: inviteParam() })
  @ApiRoute({
    summary: 'Revoke an invite (owner, admin); answers it, no longer active',
    ok: { example: { ...INVITE_EXAMPLE, isActive: false } },
    errors: [403, 404],
  })
  revoke(@CurrentUser() user: AuthUser, @RouteAccess() { subject }: InviteAccess): Promise<Invite> {
    return this.invites.revoke(user, subject);
  }
}
