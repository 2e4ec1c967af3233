import { applyDecorators, Body, Controller, Get, Patch, Post, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  PUNISHMENT_KINDS,
  PUNISHMENT_PAGE_DEFAULT,
  PUNISHMENT_PAGE_MAX,
  PUNISHMENT_SEARCH_MAX_LENGTH,
  PUNISHMENT_STATES,
  type ImportPunishmentsResponse,
  type PunishmentItem,
  type PunishmentsResponse,
} from '@outpost/contracts';
import {
  liftPunishmentSchema,
  punishmentsQuerySchema,
  updatePunishmentSchema,
  type LiftPunishmentInput,
  type PunishmentsQueryInput,
  type UpdatePunishmentInput,
} from '@outpost/validation';
import {
  CurrentUser,
  networkParam,
  RequirePermission,
  RouteAccess,
  type AuthUser,
  type GrantedAccess,
} from '../../core/auth';
import { type ServerAccess, serverParam } from '../servers';
import { punishmentParam, type PunishmentAccess } from './punishment-access';
import { ApiRoute, ZodPipe } from '../../core/http';
import { PunishmentsService } from './punishments.service';

const ITEM: PunishmentItem = {
  id: '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
  kind: 'ban',
  player: { steamId: '76561198000000001', name: 'Ada' },
  reason: 'Cheating',
  issuedBy: { id: 'u1', name: 'Olivia Owner' },
  issuedAt: '2026-11-26T10:00:00.000Z',
  expiresAt: '2026-12-03T10:00:00.000Z',
  timeLeftSeconds: 604_800,
  liftedAt: null,
  scope: 'network',
  serverId: '3c9a1f2e-5b6d-4e7f-8a9b-1c2d3e4f5a6b',
  serverName: 'EU Main',
  state: 'active',
  delivery: null,
  deliveries: [
    {
      serverId: '3c9a1f2e-5b6d-4e7f-8a9b-1c2d3e4f5a6b',
      serverName: 'EU Main',
      command: 'ban',
      status: 'succeeded',
      output: 'Banned User: 76561198000000001 - Ada',
      at: '2026-11-26T10:00:02.000Z',
      expiresAt: null,
    },
    {
      serverId: '7d1e2f3a-4b5c-4d6e-9f7a-8b9c0d1e2f3a',
      serverName: 'EU 2',
      command: 'kick',
      status: 'pending',
      output: null,
      at: '2026-11-26T10:00:00.000Z',
      expiresAt: '2026-11-26T10:05:00.000Z',
    },
  ],
};

const ListQueryDocs = (): MethodDecorator =>
  applyDecorators(
    ApiQuery({ name: 'kind', required: false, enum: [...PUNISHMENT_KINDS] }),
    ApiQuery({
      name: 'state',
      required: false,
      enum: [...PUNISHMENT_STATES],
      description: 'Bans only: active (holds now), expired, lifted',
    }),
    ApiQuery({
      name: 'search',
      required: false,
      description: `The player's steamId, or a part of their name (at most ${PUNISHMENT_SEARCH_MAX_LENGTH} characters)`,
    }),
    ApiQuery({ name: 'before', required: false, description: "The previous page's nextCursor (older)" }),
    ApiQuery({
      name: 'limit',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: PUNISHMENT_PAGE_MAX, default: PUNISHMENT_PAGE_DEFAULT },
    }),
  );

const LIST =
  'newest first, paged back with nextCursor; each with its player, reason, issuer, expiry, time left, scope, state and where it was sent (the command on each server: pending, delivered, succeeded, failed or expired) (every member)';

@ApiTags('punishments')
@Controller('api')
export class PunishmentsController {
  constructor(private readonly punishments: PunishmentsService) {}

  @Get('servers/:id/punishments')
  @RequirePermission('network.view', { network: serverParam() })
  @ListQueryDocs()
  @ApiRoute({
    summary: `The bans, kicks and warns of a server (its own and the network bans that hold there), ${LIST}`,
    ok: { example: { punishments: [ITEM], nextCursor: null } },
    errors: [400, 401, 404],
  })
  ofServer(
    @RouteAccess() { subject }: ServerAccess,
    @Query(new ZodPipe(punishmentsQuerySchema)) query: PunishmentsQueryInput,
  ): Promise<PunishmentsResponse> {
    return this.punishments.ofServer(subject, query);
  }

  @Get('networks/:id/punishments')
  @RequirePermission('network.view', { network: networkParam() })
  @ListQueryDocs()
  @ApiRoute({
    summary: `The bans, kicks and warns of all the network's servers, ${LIST}`,
    ok: { example: { punishments: [ITEM], nextCursor: null } },
    errors: [400, 401, 404],
  })
  ofNetwork(
    @RouteAccess() { networkId }: GrantedAccess,
    @Query(new ZodPipe(punishmentsQuerySchema)) query: PunishmentsQueryInput,
  ): Promise<PunishmentsResponse> {
    return this.punishments.ofNetwork(networkId, query);
  }

  @Patch('punishments/:id')
  @RequirePermission('players.moderate', { network: punishmentParam() })
  @ApiRoute({
    summary:
      "A ban's reason or expiry (ISO, null for permanent; owner, admin, moderator): audited as punishment.updated. " +
      'Only a ban that still holds: another kind is a 400, an expired or lifted ban a 409',
    bodySchema: updatePunishmentSchema(),
    body: { reason: 'Cheating (confirmed)', expiresAt: '2026-12-31T00:00:00.000Z' },
    ok: { example: ITEM },
    errors: [400, 401, 403, 404, 409],
  })
  update(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { subject }: PunishmentAccess,
    @Body(new ZodPipe(updatePunishmentSchema())) body: UpdatePunishmentInput,
  ): Promise<PunishmentItem> {
    return this.punishments.update(user, subject, body);
  }

  @Post('punishments/:id/lift')
  @RequirePermission('players.moderate', { network: punishmentParam() })
  @ApiRoute({
    summary:
      'Lifts a ban early (owner, admin, moderator) with a required reason: every server it reached gets an unban carrying it; audited as punishment.lifted',
    bodySchema: liftPunishmentSchema,
    body: { reason: 'Appeal accepted' },
    ok: { status: 201, example: { ...ITEM, state: 'lifted', liftedAt: '2026-11-27T10:00:00.000Z' } },
    errors: [400, 401, 403, 404, 409],
  })
  lift(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { subject }: PunishmentAccess,
    @Body(new ZodPipe(liftPunishmentSchema)) body: LiftPunishmentInput,
  ): Promise<PunishmentItem> {
    return this.punishments.lift(user, subject, body);
  }

  @Post('servers/:id/punishments/import')
  @RequirePermission('players.moderate', { network: serverParam() })
  @ApiRoute({
    summary:
      "Imports the server's own ban list (owner, admin, moderator): queues the console command banlistex; " +
      'when its output arrives (plugin, bridge or the panel RCON connection) each ban not already known is stored as a ban of this server',
    ok: { status: 201, example: { commandId: '…' } },
    errors: [401, 403, 404],
  })
  import(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { subject }: ServerAccess,
  ): Promise<ImportPunishmentsResponse> {
    return this.punishments.import(user, subject);
  }
}
