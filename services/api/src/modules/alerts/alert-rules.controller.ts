import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AlertRule } from '@outpost/contracts';
import {
  createAlertRuleSchema,
  updateAlertRuleSchema,
  watchSteamIdSchema,
  type CreateAlertRuleInput,
  type UpdateAlertRuleInput,
} from '@outpost/validation';
import { networkParam, RequirePermission, RouteAccess, type GrantedAccess } from '../../core/auth';
import { ApiRoute, ZodPipe } from '../../core/http';
import { RULE_EXAMPLE, SETTINGS_RULE_EXAMPLE } from './alert-examples';
import { RulesService } from './rules.service';

const STEAM_ID = '76561198000000001';

@ApiTags('alerts')
@Controller('api/networks/:id/alert-rules')
export class AlertRulesController {
  constructor(private readonly rules: RulesService) {}

  @Get()
  @RequirePermission('network.view', { network: networkParam() })
  @ApiRoute({
    summary:
      "The network's alert rules: the settings' two toggles first (fromSettings: Server offline alerts, New member joins), then the others oldest first",
    ok: { example: [SETTINGS_RULE_EXAMPLE, RULE_EXAMPLE] },
    errors: [403, 404],
  })
  list(@RouteAccess() { networkId }: GrantedAccess): Promise<AlertRule[]> {
    return this.rules.list(networkId);
  }

  @Post()
  @RequirePermission('alerts.manage', { network: networkParam() })
  @ApiRoute({
    summary:
      "Adds a rule (owner, admin): serverId null for every server; threshold and minutes for players_above, players_below and fps_below (the condition must hold at every report for that many minutes in a row, counted from when the rule is added, changed or turned on); steamIds for player_joins; channelIds some of the network's alert channels, null or absent for every channel",
    bodySchema: createAlertRuleSchema,
    body: {
      serverId: RULE_EXAMPLE.serverId,
      kind: 'players_below',
      threshold: 5,
      minutes: 30,
      channelIds: RULE_EXAMPLE.channelIds,
    },
    ok: { status: 201, example: RULE_EXAMPLE },
    errors: [400, 403, 404],
  })
  create(
    @RouteAccess() { networkId }: GrantedAccess,
    @Body(new ZodPipe(createAlertRuleSchema)) body: CreateAlertRuleInput,
  ): Promise<AlertRule> {
    return this.rules.create(networkId, body);
  }

  @Get('watched-players')
  @RequirePermission('alerts.manage', { network: networkParam() })
  @ApiRoute({
    summary: 'The watch list: steamIds whose joining alerts (the network-wide player_joins rules)',
    ok: { example: [STEAM_ID] },
    errors: [403, 404],
  })
  watched(@RouteAccess() { networkId }: GrantedAccess): Promise<string[]> {
    return this.rules.watched(networkId);
  }

  @Put('watched-players/:steamId')
  @RequirePermission('alerts.manage', { network: networkParam() })
  @ApiRoute({
    summary: 'Puts a player on the watch list (the player profile’s Watch); answers the list',
    ok: { example: [STEAM_ID] },
    errors: [400, 403, 404],
  })
  watch(
    @RouteAccess() { networkId }: GrantedAccess,
    @Param('steamId', new ZodPipe(watchSteamIdSchema)) steamId: string,
  ): Promise<string[]> {
    return this.rules.watch(networkId, steamId);
  }

  @Delete('watched-players/:steamId')
  @HttpCode(200)
  @RequirePermission('alerts.manage', { network: networkParam() })
  @ApiRoute({
    summary: 'Takes a player off the watch list; answers the list',
    ok: { example: [] },
    errors: [400, 403, 404],
  })
  unwatch(
    @RouteAccess() { networkId }: GrantedAccess,
    @Param('steamId', new ZodPipe(watchSteamIdSchema)) steamId: string,
  ): Promise<string[]> {
    return this.rules.unwatch(networkId, steamId);
  }

  @Patch(':ruleId')
  @RequirePermission('alerts.manage', { network: networkParam() })
  @ApiRoute({
    summary:
      "Changes a rule (owner, admin); its kind stays. A change of what it watches resolves its firing alerts without a message and starts its minutes again; a change of channelIds alone does neither. The settings' rules answer 409: the network's Settings tab turns them on or off",
    bodySchema: updateAlertRuleSchema,
    body: { threshold: 10, enabled: false },
    ok: { example: { ...RULE_EXAMPLE, threshold: 10, enabled: false } },
    errors: [400, 403, 404, 409],
  })
  update(
    @RouteAccess() { networkId }: GrantedAccess,
    @Param('ruleId') ruleId: string,
    @Body(new ZodPipe(updateAlertRuleSchema)) body: UpdateAlertRuleInput,
  ): Promise<AlertRule> {
    return this.rules.update(networkId, ruleId, body);
  }

  @Delete(':ruleId')
  @HttpCode(200)
  @RequirePermission('alerts.manage', { network: networkParam() })
  @ApiRoute({
    summary: "Removes a rule (owner, admin); its firing alerts resolve. The settings' rules answer 409",
    errors: [403, 404, 409],
  })
  async remove(@RouteAccess() { networkId }: GrantedAccess, @Param('ruleId') ruleId: string): Promise<null> {
    await this.rules.remove(networkId, ruleId);
    return null;
  }
}
