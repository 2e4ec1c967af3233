import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type {
  Automation,
  AutomationRunsPage,
  AutomationTemplate,
  DryRunResponse,
  RunAutomationResponse,
} from '@outpost/contracts';
import {
  automationRunsQuerySchema,
  automationSchema,
  updateAutomationSchema,
  type AutomationBody,
  type AutomationRunsQuery,
  type UpdateAutomationBody,
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
import { AutomationsService } from './automations.service';
import { AUTOMATION_TEMPLATES } from './templates';

const EXAMPLE = AUTOMATION_TEMPLATES[0].automation;

/**
 * A network's automations (Premium): owners and admins manage them (automation.manage);
 * moderators read them and their runs (automation.view); members do not see them.
 */
@ApiTags('automation')
@Controller('api/networks/:id')
export class AutomationController {
  constructor(private readonly automations: AutomationsService) {}

  @Get('automations')
  @RequirePermission('automation.view', { network: networkParam() })
  @RequirePremium('automation')
  @ApiRoute({
    summary: "The network's schedules and triggers, oldest first, each with its next run and last run",
    errors: [403, 404],
  })
  list(@RouteAccess() { networkId }: GrantedAccess): Promise<Automation[]> {
    return this.automations.list(networkId);
  }

  @Post('automations')
  @RequirePermission('automation.manage', { network: networkParam() })
  @RequirePremium('automation')
  @ApiRoute({
    summary:
      'Adds an automation: exactly one of schedule (cron, IANA time zone) and trigger (event and filters), and its actions in order; audited',
    bodySchema: automationSchema,
    body: EXAMPLE,
    ok: { status: 201, example: { id: '9b0c1f7e-2d4e-4c65-9a35-3f6f1c2b8d10', ...EXAMPLE } },
    errors: [400, 403, 404],
  })
  create(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { networkId }: GrantedAccess,
    @Body(new ZodPipe(automationSchema)) body: AutomationBody,
  ): Promise<Automation> {
    return this.automations.create(user, networkId, body);
  }

  @Get('automation-templates')
  @RequirePermission('automation.view', { network: networkParam() })
  @RequirePremium('automation')
  @ApiRoute({
    summary:
      'Where an automation can start from: restart countdown, wipe day, welcome, name and chat rules, reports',
    errors: [403, 404],
  })
  templates(): readonly AutomationTemplate[] {
    return this.automations.templates();
  }

  @Get('automations/:automationId')
  @RequirePermission('automation.view', { network: networkParam() })
  @RequirePremium('automation')
  @ApiRoute({ summary: 'One automation', errors: [403, 404] })
  get(
    @RouteAccess() { networkId }: GrantedAccess,
    @Param('automationId') automationId: string,
  ): Promise<Automation> {
    return this.automations.get(networkId, automationId);
  }

  @Patch('automations/:automationId')
  @RequirePermission('automation.manage', { network: networkParam() })
  @RequirePremium('automation')
  @ApiRoute({
    summary:
      'Changes any part of an automation; the result is judged whole as a new one would be (400 naming the field); audited',
    bodySchema: updateAutomationSchema,
    body: { enabled: false },
    errors: [400, 403, 404],
  })
  update(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { networkId }: GrantedAccess,
    @Param('automationId') automationId: string,
    @Body(new ZodPipe(updateAutomationSchema)) body: UpdateAutomationBody,
  ): Promise<Automation> {
    return this.automations.update(user, networkId, automationId, body);
  }

  @Delete('automations/:automationId')
  @HttpCode(200)
  @RequirePermission('automation.manage', { network: networkParam() })
  @RequirePremium('automation')
  @ApiRoute({ summary: 'Removes an automation and its runs; audited', errors: [403, 404] })
  async remove(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { networkId }: GrantedAccess,
    @Param('automationId') automationId: string,
  ): Promise<null> {
    await this.automations.remove(user, networkId, automationId);
    return null;
  }

  @Post('automations/:automationId/run')
  @HttpCode(202)
  @RequirePermission('automation.manage', { network: networkParam() })
  @RequirePremium('automation')
  @ApiRoute({
    summary:
      "Run now (schedules): the actions start at once on the schedule's servers; answers the run (runId, and runIds when several servers)",
    ok: { status: 202, example: { runId: '9b0c1f7e-2d4e-4c65-9a35-3f6f1c2b8d10' } },
    errors: [403, 404, 409],
  })
  run(
    @RouteAccess() { networkId }: GrantedAccess,
    @Param('automationId') automationId: string,
  ): Promise<RunAutomationResponse> {
    return this.automations.runNow(networkId, automationId);
  }

  @Post('automations/:automationId/dry-run')
  @HttpCode(200)
  @RequirePermission('automation.manage', { network: networkParam() })
  @RequirePremium('automation')
  @ApiRoute({
    summary:
      "A trigger's dry run: the servers' last 24 hours of logged events replayed, what would have fired and what each action would have sent; acts on nothing",
    errors: [403, 404, 409],
  })
  dryRun(
    @RouteAccess() { networkId }: GrantedAccess,
    @Param('automationId') automationId: string,
  ): Promise<DryRunResponse> {
    return this.automations.dryRun(networkId, automationId);
  }

  @Get('automations/:automationId/runs')
  @RequirePermission('automation.view', { network: networkParam() })
  @RequirePremium('automation')
  @ApiRoute({
    summary: "The automation's runs, newest first (kept 30 days), each with its actions' own outcomes",
    errors: [400, 403, 404],
  })
  runs(
    @RouteAccess() { networkId }: GrantedAccess,
    @Param('automationId') automationId: string,
    @Query(new ZodPipe(automationRunsQuerySchema)) query: AutomationRunsQuery,
  ): Promise<AutomationRunsPage> {
    return this.automations.runs(networkId, automationId, query);
  }
}
