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
import {
  CurrentUser,
  networkAt,
  RequirePermission,
  RouteAccess,
  type AuthUser,
  type GrantedAccess,
} from '../../core/auth';
import { serverAt, type ServerAccess } from '../servers/server-access';
import { ApiRoute, ZodPipe } from '../../core/http';
import { ModerationService } from '../punishments/moderation.service';
import { NETWORK_ID_REQUIRED_MESSAGE, PlayersService } from './players.service';

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

/** The profile's query: the network it is read in. */
const profileQuerySchema = z.object({
  networkId: z
    .string({ error: NETWORK_ID_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: NETWORK_ID_REQUIRED_MESSAGE }),
});

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

@ApiTags('players')
@Controller('api/players')
export class PlayersController {
  constructor(
    private readonly players: PlayersService,
    private readonly moderation: ModerationService,
  ) {}

  @Get()
  @RequirePermission('network.view', { network: networkAt('query', 'networkId', playersQuerySchema) })
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
    @RouteAccess() access: GrantedAccess,
    @Query(new ZodPipe(playersQuerySchema)) query: PlayersQueryInput,
  ): Promise<PlayersListResponse> {
    return this.players.list(access, query);
  }

  @Get(':steamId')
  @RequirePermission('network.view', { network: networkAt('query', 'networkId', profileQuerySchema) })
  @ApiRoute({
    summary: "A player's profile in a network (?networkId=): sessions, punishments, chat, activity",
    errors: [400, 401, 404],
  })
  profile(@RouteAccess() access: GrantedAccess, @Param('steamId') steamId: string): Promise<PlayerProfile> {
    return this.players.profile(access, steamId);
  }

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
  @ApiRoute(actionDoc('Unban', unbanSchema, { serverId: '…', reason: DEFAULT_UNBAN_REASON }))
  unban(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { subject }: ServerAccess,
    @Param('steamId') steamId: string,
    @Body(new ZodPipe(unbanSchema)) body: z.output<typeof unbanSchema>,
  ): Promise<PlayerActionResponse> {
    return this.moderation.act(user, subject, steamId, 'unban', body);
  }
}
