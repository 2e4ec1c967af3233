import { Controller, Delete, Get, HttpCode, Put, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiProduces, ApiTags } from '@nestjs/swagger';
import { MAP_IMAGE_MAX_BYTES, type MapImage, type ServerMap } from '@outpost/contracts';
import type { Request, Response } from 'express';
import { RequirePermission, RouteAccess } from '../../core/auth';
import { ApiRoute } from '../../core/http';
import { RequirePremium } from '../plans';
import { serverParam, type ServerAccess } from '../servers';
import { MapService } from './map.service';
import { readImageBody } from './read-image-body';

const SERVER_ID = '3c9a1f2e-5b6d-4e7f-8a9b-1c2d3e4f5a6b';
const IMAGE_EXAMPLE: MapImage = {
  url: `/api/servers/${SERVER_ID}/map/image`,
  contentType: 'image/jpeg',
  width: 2048,
  height: 2048,
  bytes: 1_843_200,
  uploadedAt: '2026-11-26T18:04:00.000Z',
};
const MAP_EXAMPLE: ServerMap = {
  serverId: SERVER_ID,
  worldSize: 4000,
  seed: 1337,
  mapName: 'Procedural Map',
  publicMapUrl: 'https://rustmaps.com/map/4000_1337',
  players: [
    {
      steamId: '76561198000000001',
      name: 'Rex',
      x: -1112.4,
      z: 244.9,
      grid: 'F11',
      at: '2026-11-27T12:00:00.000Z',
    },
  ],
  trails: {
    '76561198000000001': [
      { x: -1130.2, z: 240.1, at: '2026-11-27T11:59:50.000Z' },
      { x: -1112.4, z: 244.9, at: '2026-11-27T12:00:00.000Z' },
    ],
  },
  image: IMAGE_EXAMPLE,
};

/**
 * The live map (Premium): everyone who sees the network reads it (network.view), owners and admins
 * upload the current wipe's map image (servers.manage); outsiders get 404, a free network 403
 * plan_required.
 */
@ApiTags('map')
@Controller('api/servers/:id/map')
export class MapController {
  constructor(private readonly map: MapService) {}

  @Get()
  @RequirePermission('network.view', { network: serverParam() })
  @RequirePremium('liveMap')
  @ApiRoute({
    summary:
      "A server's live map: its world size, seed and map name, the online players where the last heartbeat put them " +
      'with their grid reference (letters from the west edge, numbers from the north, cells of 146.3 m), each ' +
      "one's trail of the last 15 minutes (a point per 10 s at most) and the uploaded map image, if any",
    ok: { example: MAP_EXAMPLE },
    errors: [403, 404],
  })
  read(@RouteAccess() { subject }: ServerAccess): Promise<ServerMap> {
    return this.map.serverMap(subject);
  }

  @Put('image')
  @RequirePermission('servers.manage', { network: serverParam() })
  @RequirePremium('liveMap')
  @ApiConsumes('image/png', 'image/jpeg')
  @ApiBody({
    description: `The image's bytes as the body (PNG or JPEG, at most ${MAP_IMAGE_MAX_BYTES / 1024 / 1024} MB and 8192 px a side; checked by its content, not its name or type)`,
    schema: { type: 'string', format: 'binary' },
  })
  @ApiRoute({
    summary: "Uploads the current wipe's map image (owner, admin); it replaces the one before",
    ok: { example: IMAGE_EXAMPLE },
    errors: [400, 403, 404],
  })
  async upload(@RouteAccess() { subject }: ServerAccess, @Req() request: Request): Promise<MapImage> {
    return this.map.putImage(subject, await readImageBody(request));
  }

  @Delete('image')
  @HttpCode(200)
  @RequirePermission('servers.manage', { network: serverParam() })
  @RequirePremium('liveMap')
  @ApiRoute({ summary: "Removes the server's map image (owner, admin)", errors: [403, 404] })
  async remove(@RouteAccess() { subject }: ServerAccess): Promise<null> {
    await this.map.deleteImage(subject);
    return null;
  }

  @Get('image')
  @RequirePermission('network.view', { network: serverParam() })
  @RequirePremium('liveMap')
  @ApiProduces('image/png', 'image/jpeg')
  @ApiRoute({
    summary: "The server's map image, as uploaded (its own content type, not wrapped in the envelope)",
    ok: { example: '(the image bytes)' },
    errors: [403, 404],
  })
  async image(
    @RouteAccess() { subject }: ServerAccess,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const { contentType, data } = await this.map.image(subject);
    response.setHeader('Cache-Control', 'private, no-cache');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    return new StreamableFile(data, { type: contentType, length: data.length });
  }
}
