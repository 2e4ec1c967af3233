import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Redirect,
  Req,
} from '@nestjs/common';
import { ApiExcludeEndpoint, ApiFoundResponse, ApiTags } from '@nestjs/swagger';
import {
  paths,
  type DiscordChoice,
  type DiscordLink,
  type DiscordRoleRule,
  type DiscordSettings,
  type DiscordSyncReport,
} from '@outpost/contracts';
import {
  discordLinksQuerySchema,
  discordRoleRuleSchema,
  discordSettingsSchema,
  updateDiscordRoleRuleSchema,
  type DiscordLinksQuery,
  type DiscordRoleRuleBody,
  type DiscordSettingsBody,
  type UpdateDiscordRoleRuleBody,
} from '@outpost/validation';
import type { APIInteraction, APIInteractionResponse } from 'discord-api-types/v10';
import type { Request } from 'express';
import {
  AllowSessionCookie,
  CurrentUser,
  networkParam,
  Public,
  RequirePermission,
  RouteAccess,
  type AuthUser,
  type GrantedAccess,
} from '../../core/auth';
import { InjectConfig, type AppConfig } from '../../core/config';
import { ApiRoute, DomainError, NoEnvelope, ZodPipe } from '../../core/http';
import { DiscordGuilds } from './discord-guilds';
import { DiscordInteractions } from './discord-interactions';
import { DiscordLinks } from './discord-links';
import { DiscordRest } from './discord-rest';
import { isSignedByDiscord } from './discord-signature';
import { DiscordSync } from './discord-sync';
import { discordErrors } from './discord.errors';

/** A network's Discord: owners and admins set it up; moderators also read the players' links. */
@ApiTags('discord')
@Controller('api/networks/:id/discord')
export class DiscordController {
  constructor(
    private readonly guilds: DiscordGuilds,
    private readonly links: DiscordLinks,
    private readonly sync: DiscordSync,
  ) {}

  @Get()
  @RequirePermission('discord.manage', { network: networkParam() })
  @ApiRoute({
    summary:
      "The network's Discord: whether the operator configured the bot (else the settings to set), the linked server, reports channel, Linked role, role rules and the last sync. Never a token",
    errors: [403, 404],
  })
  settings(@RouteAccess() { networkId }: GrantedAccess): Promise<DiscordSettings> {
    return this.guilds.settings(networkId);
  }

  @Patch()
  @RequirePermission('discord.manage', { network: networkParam() })
  @ApiRoute({
    summary: 'Chooses the reports channel and the Linked role (each one of the server’s, or null)',
    bodySchema: discordSettingsSchema,
    body: { reportsChannelId: '123456789012345678' },
    errors: [400, 403, 404, 409],
  })
  update(
    @RouteAccess() { networkId }: GrantedAccess,
    @Body(new ZodPipe(discordSettingsSchema)) body: DiscordSettingsBody,
  ): Promise<DiscordSettings> {
    return this.guilds.update(networkId, body);
  }

  @Delete()
  @HttpCode(200)
  @RequirePermission('discord.manage', { network: networkParam() })
  @ApiRoute({
    summary:
      'Disconnect: unlinks the Discord server and takes away the in-game groups its role rules gave (players’ links stay); audited',
    errors: [403, 404, 409],
  })
  async disconnect(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { networkId }: GrantedAccess,
  ): Promise<null> {
    await this.guilds.disconnect(user, networkId);
    return null;
  }

  @Get('install')
  @NoEnvelope()
  @Redirect(paths.networks(), 302)
  @AllowSessionCookie()
  @RequirePermission('discord.manage', { network: networkParam() })
  @ApiFoundResponse({
    description:
      "To Discord's bot install (scopes bot applications.commands), with a state bound to this user and network",
  })
  @ApiRoute({ summary: 'Add to Discord: starts the bot install (302)', errors: [403, 404, 409] })
  install(@CurrentUser() user: AuthUser, @RouteAccess() { networkId }: GrantedAccess): { url: string } {
    return { url: this.guilds.installUrl(user, networkId) };
  }

  @Get('channels')
  @RequirePermission('discord.manage', { network: networkParam() })
  @ApiRoute({
    summary: "The Discord server's text channels (for the reports channel)",
    errors: [403, 404, 409],
  })
  channels(@RouteAccess() { networkId }: GrantedAccess): Promise<DiscordChoice[]> {
    return this.guilds.channels(networkId);
  }

  @Get('roles')
  @RequirePermission('discord.manage', { network: networkParam() })
  @ApiRoute({
    summary: "The Discord server's roles (for role rules and the Linked role)",
    errors: [403, 404, 409],
  })
  roles(@RouteAccess() { networkId }: GrantedAccess): Promise<DiscordChoice[]> {
    return this.guilds.roles(networkId);
  }

  @Post('role-rules')
  @RequirePermission('discord.manage', { network: networkParam() })
  @ApiRoute({
    summary:
      'Adds a role rule: a Discord role ↔ an in-game group (to_game, to_discord or both), with the console commands that add and remove a player (default oxide.usergroup add|remove {steamId} {group})',
    bodySchema: discordRoleRuleSchema,
    body: { roleId: '123456789012345678', group: 'vip', direction: 'to_game' },
    ok: { status: 201, example: null },
    errors: [400, 403, 404, 409],
  })
  addRule(
    @RouteAccess() { networkId }: GrantedAccess,
    @Body(new ZodPipe(discordRoleRuleSchema)) body: DiscordRoleRuleBody,
  ): Promise<DiscordRoleRule> {
    return this.guilds.addRule(networkId, body);
  }

  @Patch('role-rules/:ruleId')
  @RequirePermission('discord.manage', { network: networkParam() })
  @ApiRoute({
    summary: 'Changes a role rule',
    bodySchema: updateDiscordRoleRuleSchema,
    errors: [400, 403, 404],
  })
  updateRule(
    @RouteAccess() { networkId }: GrantedAccess,
    @Param('ruleId') ruleId: string,
    @Body(new ZodPipe(updateDiscordRoleRuleSchema)) body: UpdateDiscordRoleRuleBody,
  ): Promise<DiscordRoleRule> {
    return this.guilds.updateRule(networkId, ruleId, body);
  }

  @Delete('role-rules/:ruleId')
  @HttpCode(200)
  @RequirePermission('discord.manage', { network: networkParam() })
  @ApiRoute({
    summary:
      'Removes a role rule; the in-game groups it gave are taken away (its remove command on each server)',
    errors: [403, 404],
  })
  async removeRule(
    @RouteAccess() { networkId }: GrantedAccess,
    @Param('ruleId') ruleId: string,
  ): Promise<null> {
    await this.guilds.removeRule(networkId, ruleId);
    return null;
  }

  @Post('sync')
  @HttpCode(200)
  @RequirePermission('discord.manage', { network: networkParam() })
  @ApiRoute({
    summary:
      'Sync now: roles and in-game groups put in step; answers who was added and removed where, with each command’s outcome',
    errors: [403, 404, 409],
  })
  async syncNow(@RouteAccess() { networkId }: GrantedAccess): Promise<DiscordSyncReport> {
    await this.guilds.guildOf(networkId);
    return this.sync.sync(networkId, 'manual');
  }

  @Get('links')
  @RequirePermission('discord.links', { network: networkParam() })
  @ApiRoute({
    summary:
      "Players' Steam ↔ Discord links (steamId, discordUserId, discordName, active, linkedAt); ?steamId= for one player",
    errors: [400, 403, 404],
  })
  linksOf(
    @RouteAccess() { networkId }: GrantedAccess,
    @Query(new ZodPipe(discordLinksQuerySchema)) query: DiscordLinksQuery,
  ): Promise<DiscordLink[]> {
    return this.links.list(networkId, query.steamId);
  }

  @Delete('links/:steamId')
  @HttpCode(200)
  @RequirePermission('discord.manage', { network: networkParam() })
  @ApiRoute({
    summary: "Removes a player's Discord link (staff, on the profile); audited",
    errors: [403, 404],
  })
  async unlink(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { networkId }: GrantedAccess,
    @Param('steamId') steamId: string,
  ): Promise<null> {
    if (!(await this.links.unlink(networkId, { steamId }, user))) throw discordErrors.linkNotFound();
    return null;
  }
}

/** What Discord itself calls: the interactions endpoint, and the browser coming back from the bot install. */
@ApiTags('discord')
@Controller('api/discord')
export class DiscordPublicController {
  private readonly publicUrl: string;

  constructor(
    private readonly guilds: DiscordGuilds,
    private readonly interactions: DiscordInteractions,
    private readonly rest: DiscordRest,
    @InjectConfig() config: AppConfig,
  ) {
    this.publicUrl = config.publicUrl.replace(/\/$/, '');
  }

  @Get('install/callback')
  @Public()
  @NoEnvelope()
  @Redirect(paths.networks(), 302)
  @ApiFoundResponse({
    description: "To the network's Discord tab (with ?discord=linked or ?discord=failed&reason=…)",
  })
  @ApiRoute({ summary: 'Where Discord sends the browser back after the bot install (code, state, guild_id)' })
  async installed(
    @Query() query: { code?: string; state?: string; guild_id?: string; error?: string },
  ): Promise<{ url: string }> {
    try {
      if (query.error) throw discordErrors.installFailed(String(query.error).slice(0, 100));
      const networkId = await this.guilds.completeInstall(query);
      return { url: `${this.publicUrl}${paths.network(networkId)}?tab=discord&discord=linked` };
    } catch (error) {
      const reason = error instanceof DomainError ? error.message : 'The install could not be completed';
      return {
        url: `${this.publicUrl}${paths.networks()}?discord=failed&reason=${encodeURIComponent(reason)}`,
      };
    }
  }

  @Post('interactions')
  @Public()
  @HttpCode(200)
  @NoEnvelope()
  @ApiExcludeEndpoint()
  async interaction(@Req() request: Request & { body: unknown }): Promise<APIInteractionResponse> {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (
      !this.rest.publicKey ||
      !isSignedByDiscord(
        this.rest.publicKey,
        request.get('X-Signature-Ed25519'),
        request.get('X-Signature-Timestamp'),
        raw,
      )
    )
      throw discordErrors.badSignature();
    let interaction: APIInteraction;
    try {
      interaction = JSON.parse(raw.toString('utf8')) as APIInteraction;
    } catch {
      throw discordErrors.badSignature();
    }
    // Discord reads its own JSON, not the product envelope.
    return this.interactions.handle(interaction);
  }
}
