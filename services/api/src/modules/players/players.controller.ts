import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  DEFAULT_REASONS,
  type PlayerActionResponse,
  type PlayerProfile,
  type PlayersListResponse,
} from '@outpost/contracts';
import {
  playerActionSchema,
  playersQuerySchema,
  type BanInput,
  type KickOrWarnInput,
  type PlayersQueryInput,
} from '@outpost/validation';
import { z } from 'zod';
import { CurrentUser, RequirePermission, type AuthUser } from '../../core/auth';
import { ApiRoute, ZodPipe } from '../../core/http';
import { ModerationService } from '../punishments/moderation.service';
import { PlayersService } from './players.service';

export const DEFAULT_UNBAN_REASON = 'Unbanned by administrator';

const unbanSchema = z.strictObject({
  serverId: z.string().trim().min(1, 'Server is required'),
  reason: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((reason) => reason || DEFAULT_UNBAN_REASON),
});

// 409: a kick or warn of a player who is not on the chosen server, an unban of one not banned.
const ACTION_ERRORS = [400, 401, 403, 404, 409] as const;
const actionDoc = (action: string, bodySchema: z.ZodType, body: Record<string, unknown>) => ({
  summary: `${action} a player (owner, admin): a punishment, an audit entry and a command for the chosen game server`,
  bodySchema,
  body,
  ok: { status: 201, example: { punishment: { id: '…', type: action.toLowerCase() }, commandId: '…' } },
  errors: ACTION_ERRORS,
});

@ApiTags('players')
@Controller('api/players')
export class PlayersController {
  constructor(
    private readonly players: PlayersService,
    private readonly moderation: ModerationService,
  ) {}

  @Get()
  @RequirePermission('network.view')
  @ApiRoute({
    summary:
      "A page of a network's players: search by name, steamId (and IP for owners and admins), any column sorted",
    ok: {
      example: {
        players: [],
        totalCount: 0,
        totalCountCapped: false,
        currentPage: 1,
        totalPages: 0,
        hasNextPage: false,
        hasPreviousPage: false,
      },
    },
    errors: [400, 401, 404],
  })
  list(
    @CurrentUser() user: AuthUser,
    @Query(new ZodPipe(playersQuerySchema)) query: PlayersQueryInput,
  ): Promise<PlayersListResponse> {
    return this.players.list(user, query);
  }

  @Get(':steamId')
  @RequirePermission('network.view')
  @ApiRoute({
    summary: "A player's profile in a network (?networkId=): sessions, punishments, chat, activity",
    errors: [400, 401, 404],
  })
  profile(
    @CurrentUser() user: AuthUser,
    @Param('steamId') steamId: string,
    @Query('networkId') networkId: string | undefined,
  ): Promise<PlayerProfile> {
    return this.players.profile(user, steamId, networkId);
  }

  @Post(':steamId/kick')
  @RequirePermission('players.moderate')
  @ApiRoute(actionDoc('Kick', playerActionSchema('kick'), { serverId: '…', reason: DEFAULT_REASONS.kick }))
  kick(
    @CurrentUser() user: AuthUser,
    @Param('steamId') steamId: string,
    @Body(new ZodPipe(playerActionSchema('kick'))) body: KickOrWarnInput,
  ): Promise<PlayerActionResponse> {
    return this.moderation.act(user, steamId, 'kick', body);
  }

  @Post(':steamId/warn')
  @RequirePermission('players.moderate')
  @ApiRoute(actionDoc('Warn', playerActionSchema('warn'), { serverId: '…', reason: DEFAULT_REASONS.warn }))
  warn(
    @CurrentUser() user: AuthUser,
    @Param('steamId') steamId: string,
    @Body(new ZodPipe(playerActionSchema('warn'))) body: KickOrWarnInput,
  ): Promise<PlayerActionResponse> {
    return this.moderation.act(user, steamId, 'warn', body);
  }

  @Post(':steamId/ban')
  @RequirePermission('players.moderate')
  @ApiRoute(
    actionDoc('Ban', playerActionSchema('ban'), {
      serverId: '…',
      reason: DEFAULT_REASONS.ban,
      duration: '7d (empty: permanent; a number and m, h, d or w)',
    }),
  )
  ban(
    @CurrentUser() user: AuthUser,
    @Param('steamId') steamId: string,
    @Body(new ZodPipe(playerActionSchema('ban'))) body: BanInput,
  ): Promise<PlayerActionResponse> {
    return this.moderation.act(user, steamId, 'ban', body);
  }

  @Post(':steamId/unban')
  @RequirePermission('players.moderate')
  @ApiRoute(actionDoc('Unban', unbanSchema, { serverId: '…', reason: DEFAULT_UNBAN_REASON }))
  unban(
    @CurrentUser() user: AuthUser,
    @Param('steamId') steamId: string,
    @Body(new ZodPipe(unbanSchema)) body: z.output<typeof unbanSchema>,
  ): Promise<PlayerActionResponse> {
    return this.moderation.act(user, steamId, 'unban', body);
  }
}
