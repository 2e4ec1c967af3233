import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { can, type AlertChannel, type AlertDelivery, type CreatedAlertChannel } from '@outpost/contracts';
import {
  createAlertChannelSchema,
  updateAlertChannelSchema,
  type CreateAlertChannelInput,
  type UpdateAlertChannelInput,
} from '@outpost/validation';
import { networkParam, RequirePermission, RouteAccess, type GrantedAccess } from '../../core/auth';
import { ApiRoute, ZodPipe } from '../../core/http';
import { CHANNEL_EXAMPLE, DELIVERY_EXAMPLE } from './alert-examples';
import { ChannelTest } from './channel-test';
import { ChannelsService } from './channels.service';

@ApiTags('alerts')
@Controller('api/networks/:id/alert-channels')
export class AlertChannelsController {
  constructor(
    private readonly channels: ChannelsService,
    private readonly tests: ChannelTest,
  ) {}

  @Get()
  @RequirePermission('network.view', { network: networkParam() })
  @ApiRoute({
    summary: "The network's alert channels, oldest first; URLs only for owner and admin (null for others)",
    ok: { example: [CHANNEL_EXAMPLE] },
    errors: [403, 404],
  })
  list(@RouteAccess() { networkId, role }: GrantedAccess): Promise<AlertChannel[]> {
    return this.channels.list(networkId, can(role, 'alerts.manage'));
  }

  @Post()
  @RequirePermission('alerts.manage', { network: networkParam() })
  @ApiRoute({
    summary:
      'Adds a channel (owner, admin): email (emails; none = the owner and admins), discord (a Discord webhook URL: https on discord.com or discordapp.com, ptb. and canary. too, under /api/webhooks/), webhook (a URL; answers its signing secret this once: each POST carries X-Outpost-Timestamp, unix seconds, and X-Outpost-Signature, the hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed by it), panel (the bell). URLs: http(s), at most 2,048 characters, allowed by the egress policy',
    bodySchema: createAlertChannelSchema,
    body: { type: 'webhook', name: 'Ops webhook', url: 'https://hooks.example.com/outpost' },
    ok: { status: 201, example: { ...CHANNEL_EXAMPLE, secret: '3f9c…(64 hex digits)' } },
    errors: [400, 403, 404, 409],
  })
  create(
    @RouteAccess() { networkId }: GrantedAccess,
    @Body(new ZodPipe(createAlertChannelSchema)) body: CreateAlertChannelInput,
  ): Promise<CreatedAlertChannel> {
    return this.channels.create(networkId, body);
  }

  @Patch(':channelId')
  @RequirePermission('alerts.manage', { network: networkParam() })
  @ApiRoute({
    summary: 'Changes a channel (owner, admin): name, emails, url, enabled; its type stays',
    bodySchema: updateAlertChannelSchema,
    body: { enabled: false },
    ok: { example: { ...CHANNEL_EXAMPLE, enabled: false } },
    errors: [400, 403, 404],
  })
  update(
    @RouteAccess() { networkId }: GrantedAccess,
    @Param('channelId') channelId: string,
    @Body(new ZodPipe(updateAlertChannelSchema)) body: UpdateAlertChannelInput,
  ): Promise<AlertChannel> {
    return this.channels.update(networkId, channelId, body);
  }

  @Delete(':channelId')
  @HttpCode(200)
  @RequirePermission('alerts.manage', { network: networkParam() })
  @ApiRoute({
    summary:
      'Removes a channel and its deliveries (owner, admin), and takes it out of the rules that named it: a rule left with none sends to every channel',
    errors: [403, 404],
  })
  async remove(
    @RouteAccess() { networkId }: GrantedAccess,
    @Param('channelId') channelId: string,
  ): Promise<null> {
    await this.channels.remove(networkId, channelId);
    return null;
  }

  @Post(':channelId/test')
  @HttpCode(200)
  @RequirePermission('alerts.manage', { network: networkParam() })
  @ApiRoute({
    summary:
      "Send test (owner, admin): a delivery with event 'test'; answered with its outcome when known within 5 seconds, else pending",
    ok: { example: { ...DELIVERY_EXAMPLE, event: 'test' } },
    errors: [403, 404],
  })
  test(
    @RouteAccess() { networkId }: GrantedAccess,
    @Param('channelId') channelId: string,
  ): Promise<AlertDelivery> {
    return this.tests.send(networkId, channelId);
  }
}
