import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { PlayerProfile, PlayersListResponse } from '@outpost/contracts';
import { playerProfileQuerySchema, playersQuerySchema, type PlayersQueryInput } from '@outpost/validation';
import { networkAt, RequirePermission, RouteAccess, type GrantedAccess } from '../../core/auth';
import { ApiRoute, ZodPipe } from '../../core/http';
import { PLAYERS_LIST_PERMISSION } from './players-list-entry';
import { PlayersService } from './players.service';

@ApiTags('players')
@Controller('api/players')
export class PlayersController {
  constructor(private readonly players: PlayersService) {}

  @Get()
  @RequirePermission(PLAYERS_LIST_PERMISSION, {
    network: networkAt('query', 'networkId', playersQuerySchema),
  })
  @ApiRoute({
    summary:
      "A page of a network's players (or, with serverId, of everyone who played on that server, was punished or named in a report there, wherever they are now): search by name, steamId (and IP for owners and admins), any column sorted",
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
  @RequirePermission('network.view', { network: networkAt('query', 'networkId', playerProfileQuerySchema) })
  @ApiRoute({
    summary:
      "A player's profile in a network (?networkId=): sessions, punishments, chat, activity; IP history and notes (newest 100) for moderators and up",
    errors: [400, 401, 404],
  })
  profile(@RouteAccess() access: GrantedAccess, @Param('steamId') steamId: string): Promise<PlayerProfile> {
    return this.players.profile(access, steamId);
  }
}
