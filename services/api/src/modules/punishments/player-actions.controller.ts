import { Body, Controller, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DEFAULT_REASONS, type PlayerActionResponse } from '@outpost/contracts';
import {
  playerActionSchema,
  unbanSchema,
  type BanInput,
  type KickOrWarnInput,
  type UnbanInput,
} from '@outpost/validation';
import { z } from 'zod';
import { CurrentUser, RequirePermission, RouteAccess, type AuthUser } from '../../core/auth';
import { ApiRoute, ZodPipe } from '../../core/http';
import { type ServerAccess, serverAt } from '../servers';
import { ModerationService } from './moderation.service';

/** Moderation names the server the command goes to; its network is the one the guard checks. */
const onServerOf = (schema: z.ZodType) => ({ network: serverAt('body', 'serverId', schema) });

// 409: a kick or warn of a player who is not on the chosen server, an unban of one not banned.
const ACTION_ERRORS = [400, 401, 403, 404, 409] as const;
const actionDoc = (action: string, bodySchema: z.ZodType, body: Record<string, unknown>) => ({
  summary: `${action} a player (owner, admin): a punishment, an audit entry and a command for the chosen game server`,
  bodySchema,
  body,
  ok: { status: 201, example: { punishment: { id: '…', type: action.toLowerCase() }, commandId: '…' } },
  errors: ACTION_ERRORS,
});

/**
 * The player actions (kick, warn, ban, unban) under the players' paths, as the spec names them:
 * moderation is this module's, and it depends on players/, never the reverse.
 */
@ApiTags('players')
@Controller('api/players')
export class PlayerActionsController {
  constructor(private readonly moderation: ModerationService) {}

  @Post(':steamId/kick')
  @RequirePermission('players.moderate', onServerOf(playerActionSchema('kick')))
  @ApiRoute(actionDoc('Kick', playerActionSchema('kick'), { serverId: '…', reason: DEFAULT_REASONS.kick }))
  kick(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { subject }: ServerAccess,
    @Param('steamId') steamId: string,
    @Body(new ZodPipe(playerActionSchema('kick'))) body: KickOrWarnInput,
  ): Promise<PlayerActionResponse> {
    return this.moderation.act(user, subject, steamId, 'kick', body);
  }

  @Post(':steamId/warn')
  @RequirePermission('players.moderate', onServerOf(playerActionSchema('warn')))
  @ApiRoute(actionDoc('Warn', playerActionSchema('warn'), { serverId: '…', reason: DEFAULT_REASONS.warn }))
  warn(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { subject }: ServerAccess,
    @Param('steamId') steamId: string,
    @Body(new ZodPipe(playerActionSchema('warn'))) body: KickOrWarnInput,
  ): Promise<PlayerActionResponse> {
    return this.moderation.act(user, subject, steamId, 'warn', body);
  }

  @Post(':steamId/ban')
  @RequirePermission('players.moderate', onServerOf(playerActionSchema('ban')))
  @ApiRoute(
    actionDoc('Ban', playerActionSchema('ban'), {
      serverId: '…',
      reason: DEFAULT_REASONS.ban,
      duration: '7d (empty: permanent; a number and m, h, d or w)',
    }),
  )
  ban(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { subject }: ServerAccess,
    @Param('steamId') steamId: string,
    @Body(new ZodPipe(playerActionSchema('ban'))) body: BanInput,
  ): Promise<PlayerActionResponse> {
    return this.moderation.act(user, subject, steamId, 'ban', body);
  }

  @Post(':steamId/unban')
  @RequirePermission('players.moderate', onServerOf(unbanSchema))
  @ApiRoute(actionDoc('Unban', unbanSchema, { serverId: '…', reason: 'Appeal accepted' }))
  unban(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { subject }: ServerAccess,
    @Param('steamId') steamId: string,
    @Body(new ZodPipe(unbanSchema)) body: UnbanInput,
  ): Promise<PlayerActionResponse> {
    return this.moderation.act(user, subject, steamId, 'unban', body);
  }
}
