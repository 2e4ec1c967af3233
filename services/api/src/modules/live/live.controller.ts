import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { LIVE_KEEPALIVE_SECONDS } from '@outpost/contracts';
import type { Request, Response } from 'express';
import { AllowSessionCookie, Authenticated, CurrentUser, type AuthUser } from '../../core/auth';
import { ApiRoute } from '../../core/http';
import { LiveHub } from './live-hub';
import { lastEventIdOf, LIVE_STREAM_HEADERS } from './live-response';

@ApiTags('live')
@Controller('api/live')
export class LiveController {
  constructor(private readonly hub: LiveHub) {}

  @Get()
  @Authenticated()
  @AllowSessionCookie()
  @ApiProduces('text/event-stream')
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'Resume after this event' })
  @ApiQuery({
    name: 'lastEventId',
    required: false,
    description: 'The same, for clients that cannot set headers',
  })
  @ApiRoute({
    summary:
      'The live stream (Server-Sent Events, one per tab): server status and player counts, players ' +
      'joining and leaving, new log lines, console output and command results, audit entries, of the ' +
      'networks the user belongs to, as their role allows. The first frame is `ready`; `refetch` says ' +
      `the Last-Event-ID is too old to resume from; a comment every ${LIVE_KEEPALIVE_SECONDS} s keeps ` +
      'proxies open. Bearer JWT, or the session cookie',
    ok: {
      description: 'text/event-stream of LiveEvent frames (event: type, data: JSON)',
      example:
        'id: mh2x1k-42\nevent: server.status\ndata: {"type":"server.status","networkId":"n1",' +
        '"serverId":"s1","status":"online","playerCount":12,"maxPlayers":100,"at":"2026-11-25T10:00:00.000Z"}\n\n',
    },
  })
  async stream(
    @CurrentUser() user: AuthUser,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    // Most streams are answered before Express (LiveEntry); these are the requests it left here.
    const lastEventId = lastEventIdOf(request.get('last-event-id'), request.query.lastEventId);
    request.socket.setTimeout(0);
    request.socket.setNoDelay(true);
    response.status(200);
    response.set(LIVE_STREAM_HEADERS);
    response.flushHeaders();
    const stream = await this.hub.open(user, response, lastEventId);
    request.on('close', () => stream.close());
    if (request.destroyed) stream.close();
  }
}
