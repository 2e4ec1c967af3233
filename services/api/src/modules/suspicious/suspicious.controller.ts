import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  can,
  DEFAULT_SUSPICIOUS_SETTINGS,
  type SuspiciousList,
  type SuspiciousPlayer,
  type SuspiciousSettings,
} from '@outpost/contracts';
import {
  suspiciousReviewSchema,
  suspiciousSettingsSchema,
  suspiciousSteamIdSchema,
  type SuspiciousReviewInput,
  type SuspiciousSettingsInput,
} from '@outpost/validation';
import {
  CurrentUser,
  networkParam,
  RequirePermission,
  RouteAccess,
  type AuthUser,
  type GrantedAccess,
} from '../../core/auth';
import { ApiRoute, ZodPipe } from '../../core/http';
import { RequirePremium } from '../plans';
import { serverParam, type ServerAccess } from '../servers';
import { SuspiciousService } from './suspicious.service';

const PLAYER_EXAMPLE: SuspiciousPlayer = {
  steamId: '76561198000000042',
  name: 'Rex',
  score: 54.8,
  factors: [
    {
      key: 'reports',
      label: 'Reports',
      weight: 10,
      value: 3,
      contribution: 30,
      summary: '3 from 3 players',
      evidence: {
        counts: { reports: 3, reporters: 3 },
        ids: ['9f1c0e52-1a56-4c43-8f3e-5e3f6f0d1a01'],
        times: ['2026-11-23T11:58:00.000Z'],
      },
    },
    {
      key: 'kd',
      label: 'K/D',
      weight: 8,
      value: 3.1,
      contribution: 24.8,
      summary: '12.5 (z=3.1)',
      evidence: {
        counts: { kills: 50, deaths: 4, kd: 12.5, z: 3.1 },
        population: { mean: 1.2, deviation: 3.6, players: 412 },
      },
    },
  ],
  review: null,
};

const LIST_EXAMPLE: SuspiciousList = {
  players: [PLAYER_EXAMPLE],
  scored: 412,
  population: {
    kd: { mean: 1.2, deviation: 3.6, players: 412 },
    headshots: { mean: 0.21, deviation: 0.08, players: 380 },
  },
  settings: DEFAULT_SUSPICIOUS_SETTINGS,
  scoredAt: '2026-11-23T12:00:00.000Z',
};

const LIST_SUMMARY =
  'sorted by score (dismissed players last), each with every factor: weight, value, evidence and contribution ' +
  "(the score is their sum), and the population's mean and deviation of K/D and headshot rate; IP evidence only " +
  'for players.viewIp. Computed from the stored events when asked, so it is as new as the last event';

/** Suspicious activity (Premium): moderators and up read it and review players; owners and admins weigh it. */
@ApiTags('suspicious')
@Controller('api')
export class SuspiciousController {
  constructor(private readonly suspicious: SuspiciousService) {}

  @Get('servers/:id/suspicious')
  @RequirePermission('players.moderate', { network: serverParam() })
  @RequirePremium('suspiciousActivity')
  @ApiRoute({
    summary: `The players of a server with a suspicious-activity score above zero, ${LIST_SUMMARY}`,
    ok: { example: LIST_EXAMPLE },
    errors: [403, 404],
  })
  ofServer(@RouteAccess() { networkId, role, subject }: ServerAccess): Promise<SuspiciousList> {
    return this.suspicious.list({ networkId, serverId: subject.id }, can(role, 'players.viewIp'));
  }

  @Get('networks/:id/suspicious')
  @RequirePermission('players.moderate', { network: networkParam() })
  @RequirePremium('suspiciousActivity')
  @ApiRoute({
    summary: `The players of a network with a suspicious-activity score above zero, ${LIST_SUMMARY}`,
    ok: { example: LIST_EXAMPLE },
    errors: [403, 404],
  })
  ofNetwork(@RouteAccess() { networkId, role }: GrantedAccess): Promise<SuspiciousList> {
    return this.suspicious.list({ networkId }, can(role, 'players.viewIp'));
  }

  @Get('networks/:id/suspicious/settings')
  @RequirePermission('alerts.manage', { network: networkParam() })
  @RequirePremium('suspiciousActivity')
  @ApiRoute({
    summary:
      "The network's weights (points per unit of each factor) and thresholds; the defaults until saved",
    ok: { example: DEFAULT_SUSPICIOUS_SETTINGS },
    errors: [403, 404],
  })
  settings(@RouteAccess() { networkId }: GrantedAccess): Promise<SuspiciousSettings> {
    return this.suspicious.settings(networkId);
  }

  @Put('networks/:id/suspicious/settings')
  @RequirePermission('alerts.manage', { network: networkParam() })
  @RequirePremium('suspiciousActivity')
  @ApiRoute({
    summary:
      'Sets every weight (0 to 100) and threshold; a bad one answers 400 naming it and stores nothing; audited as suspicious.settingsChanged',
    bodySchema: suspiciousSettingsSchema,
    body: DEFAULT_SUSPICIOUS_SETTINGS,
    ok: { example: DEFAULT_SUSPICIOUS_SETTINGS },
    errors: [400, 403, 404],
  })
  updateSettings(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { networkId }: GrantedAccess,
    @Body(new ZodPipe(suspiciousSettingsSchema)) body: SuspiciousSettingsInput,
  ): Promise<SuspiciousSettings> {
    return this.suspicious.updateSettings(user, networkId, body);
  }

  @Post('networks/:id/suspicious/:steamId/dismiss')
  @HttpCode(200)
  @RequirePermission('players.moderate', { network: networkParam() })
  @RequirePremium('suspiciousActivity')
  @ApiRoute({
    summary:
      "Dismisses a player's score with a note until new evidence arrives (a newer report or violation, another name or banned account, a higher score); audited as player.suspicionDismissed",
    bodySchema: suspiciousReviewSchema,
    body: { note: 'Spectated 20 minutes: a good player, no aim assistance' },
    ok: {
      example: {
        ...PLAYER_EXAMPLE,
        review: { state: 'dismissed', note: 'Spectated', byName: 'Ada', at: '2026-11-23T12:00:00.000Z' },
      },
    },
    errors: [400, 403, 404],
  })
  dismiss(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { networkId }: GrantedAccess,
    @Param('steamId', new ZodPipe(suspiciousSteamIdSchema)) steamId: string,
    @Body(new ZodPipe(suspiciousReviewSchema)) body: SuspiciousReviewInput,
  ): Promise<SuspiciousPlayer> {
    return this.suspicious.review(user, networkId, steamId, 'dismissed', body.note ?? null);
  }

  @Post('networks/:id/suspicious/:steamId/flag')
  @HttpCode(200)
  @RequirePermission('players.moderate', { network: networkParam() })
  @RequirePremium('suspiciousActivity')
  @ApiRoute({
    summary:
      'Flags a player for a closer look (kept on the list whatever the score, until dismissed); audited as player.suspicionFlagged',
    bodySchema: suspiciousReviewSchema,
    body: { note: 'Watch next wipe' },
    ok: {
      example: {
        ...PLAYER_EXAMPLE,
        review: { state: 'flagged', note: 'Watch next wipe', byName: 'Ada', at: '2026-11-23T12:00:00.000Z' },
      },
    },
    errors: [400, 403, 404],
  })
  flag(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { networkId }: GrantedAccess,
    @Param('steamId', new ZodPipe(suspiciousSteamIdSchema)) steamId: string,
    @Body(new ZodPipe(suspiciousReviewSchema)) body: SuspiciousReviewInput,
  ): Promise<SuspiciousPlayer> {
    return this.suspicious.review(user, networkId, steamId, 'flagged', body.note ?? null);
  }
}
