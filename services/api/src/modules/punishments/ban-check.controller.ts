import { EntityManager } from '@mikro-orm/core';
import { Controller, Get, NotFoundException, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../core/auth';
import { NoEnvelope } from '../../core/http';
import { BAN_CHECK_ROUTE, GameServer, isBanCheckSignature } from '../servers';
import { holdingBans } from './ban-rule';

/** Rust's centralized banning answer: expiryDate in Unix seconds, -1 for a permanent ban. */
export type BanCheckAnswer = { steamId: string; reason: string; expiryDate: number };

/**
 * A server's ban list in the shape Rust's `server.bansServerEndpoint` reads, so the network's bans
 * (its own and the network-wide ones, made before or after the server was added) hold even while
 * the plugin is down: 200 with the ban, 404 when the player may join.
 */
@ApiTags('plugin')
@Public()
@NoEnvelope()
@Controller(BAN_CHECK_ROUTE)
export class BanCheckController {
  constructor(private readonly em: EntityManager) {}

  @Get(':serverId/:signature/:steamId')
  @ApiOperation({
    summary: 'Rust centralized ban check: does a ban of the network hold for this player on this server?',
  })
  @ApiOkResponse({ description: '{steamId, reason, expiryDate} (Unix seconds, -1 = permanent)' })
  @ApiNotFoundResponse({ description: 'Not banned, or not a ban-check URL of this panel' })
  async check(
    @Param('serverId') serverId: string,
    @Param('signature') signature: string,
    @Param('steamId') steamId: string,
  ): Promise<BanCheckAnswer> {
    const server = await this.em.fork().findOne(GameServer, { id: serverId });
    if (!server || !isBanCheckSignature(server, signature) || !/^\d{5,20}$/.test(steamId))
      throw new NotFoundException();
    // Asked now, every time: a timed ban stops refusing the player the moment it ends.
    const bans = await holdingBans(this.em.fork(), {
      networkId: server.networkId,
      serverId: server.id,
      steamIds: [steamId],
      at: new Date(),
    });
    const ban = bans.get(steamId);
    if (!ban) throw new NotFoundException();
    return {
      steamId,
      reason: ban.reason,
      expiryDate: ban.expiresAt ? Math.floor(ban.expiresAt.getTime() / 1000) : -1,
    };
  }
}
