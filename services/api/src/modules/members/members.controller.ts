import { Body, Controller, Delete, Get, HttpCode, Param, Patch } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Member } from '@outpost/contracts';
import { updateMemberRoleSchema, type UpdateMemberRoleInput } from '@outpost/validation';
import { CurrentUser, networkParam, RequirePermission, type AuthUser } from '../../core/auth';
import { ApiRoute, NoEnvelope, ZodPipe } from '../../core/http';
import { MEMBER_EXAMPLE } from './members.examples';
import { MembersService } from './members.service';

/** The member list answers as the original did: success, data (the list) and error. */
export type MemberListResponse = { success: true; data: Member[]; error: null };

@ApiTags('members')
@Controller('api/networks/:id/members')
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Get()
  @NoEnvelope()
  @RequirePermission('members.view', { network: networkParam() })
  @ApiRoute({
    summary: 'Members of a network (owner, admin): {success, data, error: null}',
    ok: { example: [MEMBER_EXAMPLE] },
    errors: [403, 404],
  })
  async list(@Param('id') id: string): Promise<MemberListResponse> {
    return { success: true, data: await this.members.list(id), error: null };
  }

  @Patch(':memberId')
  @RequirePermission('members.changeRole', { network: networkParam() })
  @ApiRoute({
    summary: "Change a member's role to admin or member (owner only; the owner cannot be demoted)",
    bodySchema: updateMemberRoleSchema,
    body: { role: 'admin' },
    ok: { example: MEMBER_EXAMPLE },
    errors: [400, 403, 404],
  })
  changeRole(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Param('memberId') memberId: string,
    @Body(new ZodPipe(updateMemberRoleSchema)) body: UpdateMemberRoleInput,
  ): Promise<Member> {
    return this.members.changeRole(user, id, memberId, body.role);
  }

  @Delete(':memberId')
  @HttpCode(200)
  @RequirePermission('members.remove', { network: networkParam(), orOwnMembership: 'memberId' })
  @ApiRoute({
    summary: 'Remove a non-owner member (owner, admin), or leave the network (any member but the owner)',
    errors: [403, 404],
  })
  async remove(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Param('memberId') memberId: string,
  ): Promise<null> {
    await this.members.remove(user, id, memberId);
    return null;
  }
}
