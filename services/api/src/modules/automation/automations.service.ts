import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type {
  Automation,
  AutomationRunsPage,
  AutomationTemplate,
  DryRunResponse,
  RunAutomationResponse,
} from '@outpost/contracts';
import {
  AUTOMATION_MESSAGES,
  automationSchema,
  validateRequest,
  type AutomationBody,
  type AutomationRunsQuery,
  type UpdateAutomationBody,
} from '@outpost/validation';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../../core/auth';
import { DomainEvents } from '../../core/events';
import { httpErrors } from '../../core/http';
import { AutomationNotices, RulesService } from '../alerts';
import { linkedSteamIdsOf } from '../discord';
import { GameServer } from '../servers';
import { Network } from '../tenancy';
import { AutomationScheduler, nextDueOf } from './automation-scheduler';
import { AutomationTriggers } from './automation-triggers';
import { inputOf, toAutomationDto, toRunDto } from './automation-view';
import { AutomationRecord, AutomationRunActionRecord, AutomationRunRecord } from './automation.entity';
import { automationErrors } from './automation.errors';
import { dryRun } from './dry-run';
import { AUTOMATION_TEMPLATES } from './templates';

const cursorOf = (run: AutomationRunRecord): string =>
  Buffer.from(`${run.startedAt.getTime()}|${run.id}`).toString('base64url');

const readCursor = (cursor: string): { at: Date; id: string } => {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!/^\d{1,15}$/.test(at ?? '') || !id || id.length > 36) throw automationErrors.invalidCursor();
  return { at: new Date(Number(at)), id };
};

/**
 * A network's automations: the routes' work (list, add, change, remove, run now, dry run, runs)
 * on rows scoped by the network, checked against its servers and alert channels.
 */
@Injectable()
export class AutomationsService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: DomainEvents,
    private readonly scheduler: AutomationScheduler,
    private readonly triggers: AutomationTriggers,
    private readonly notices: AutomationNotices,
    private readonly rules: RulesService,
  ) {}

  async list(networkId: string): Promise<Automation[]> {
    const automations = await this.em.find(
      AutomationRecord,
      { networkId },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    const last = await this.lastRuns(automations.map((automation) => automation.id));
    return automations.map((automation) => toAutomationDto(automation, last.get(automation.id) ?? null));
  }

  async get(networkId: string, automationId: string): Promise<Automation> {
    const automation = await this.load(networkId, automationId);
    return toAutomationDto(automation, (await this.lastRuns([automation.id])).get(automation.id) ?? null);
  }

  templates(): readonly AutomationTemplate[] {
    return AUTOMATION_TEMPLATES;
  }

  async create(user: AuthUser, networkId: string, body: AutomationBody): Promise<Automation> {
    await this.checkReferences(networkId, body);
    const now = new Date();
    const automation = this.em.create(AutomationRecord, {
      networkId,
      ...this.fieldsOf(body),
      createdAt: now,
      updatedAt: now,
    });
    automation.nextRunAt = nextDueOf(automation, now);
    await this.em.flush();
    this.triggers.forget(networkId);
    await this.publish(user, 'automation.created', automation, { kind: automation.kind });
    return toAutomationDto(automation, null);
  }

  async update(
    user: AuthUser,
    networkId: string,
    automationId: string,
    patch: UpdateAutomationBody,
  ): Promise<Automation> {
    const automation = await this.load(networkId, automationId);
    // The automation as it will be stored, judged whole by the same rules as a new one.
    const merged = {
      ...inputOf(automation),
      ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)),
    };
    // Switching kind: the body names the new one, and the old one goes.
    if (patch.schedule) merged.trigger = null;
    if (patch.trigger) merged.schedule = null;
    const judged = validateRequest(automationSchema, merged);
    if (!judged.success) throw httpErrors.invalidInput(judged.error, { details: judged.details });
    const body = judged.data;
    await this.checkReferences(networkId, body);
    const scheduleChanged =
      JSON.stringify(body.schedule ?? null) !== JSON.stringify(automation.schedule) ||
      body.enabled !== automation.enabled;
    Object.assign(automation, this.fieldsOf(body));
    const now = new Date();
    automation.updatedAt = now;
    if (scheduleChanged) automation.nextRunAt = nextDueOf(automation, now);
    await this.em.flush();
    this.triggers.forget(networkId);
    await this.publish(user, 'automation.updated', automation, {
      kind: automation.kind,
      fields: Object.keys(patch)
        .filter((key) => patch[key as keyof UpdateAutomationBody] !== undefined)
        .sort(),
    });
    return this.get(networkId, automationId);
  }

  async remove(user: AuthUser, networkId: string, automationId: string): Promise<void> {
    const automation = await this.load(networkId, automationId);
    await this.em.nativeDelete(AutomationRecord, { id: automation.id, networkId });
    this.triggers.forget(networkId);
    await this.publish(user, 'automation.deleted', automation, { kind: automation.kind });
  }

  /** Run now: the schedule's actions on its servers at once (an occurrence of its own). */
  async runNow(
    networkId: string,
    automationId: string,
  ): Promise<RunAutomationResponse & { runIds: string[] }> {
    const automation = await this.load(networkId, automationId);
    if (automation.kind !== 'schedule') throw automationErrors.notASchedule();
    const now = new Date();
    const runIds = await this.scheduler.startOccurrence(automation, now, now, {
      cause: 'manual',
      occurrence: `manual:${randomUUID()}`,
    });
    if (runIds.length === 0) throw automationErrors.noServer();
    return { runId: runIds[0], runIds };
  }

  async dryRun(networkId: string, automationId: string): Promise<DryRunResponse> {
    const automation = await this.load(networkId, automationId);
    if (automation.kind !== 'trigger') throw automationErrors.notATrigger();
    const em = this.em.fork();
    const servers = await em.find(
      GameServer,
      automation.serverIds ? { networkId, id: { $in: automation.serverIds } } : { networkId },
      { fields: ['id', 'name'] },
    );
    const watched =
      automation.trigger?.watched != null ? new Set(await this.rules.watched(networkId)) : new Set<string>();
    const linked =
      automation.trigger?.linked != null ? await linkedSteamIdsOf(em, networkId) : new Set<string>();
    return dryRun(em, automation, servers, { watched, linked }, new Date());
  }

  async runs(
    networkId: string,
    automationId: string,
    query: AutomationRunsQuery,
  ): Promise<AutomationRunsPage> {
    await this.load(networkId, automationId);
    const after = query.cursor ? readCursor(query.cursor) : null;
    const runs = await this.em.find(
      AutomationRunRecord,
      {
        automationId,
        networkId,
        ...(after
          ? { $or: [{ startedAt: { $lt: after.at } }, { startedAt: after.at, id: { $lt: after.id } }] }
          : {}),
      },
      { orderBy: { startedAt: 'desc', id: 'desc' }, limit: query.limit + 1 },
    );
    const page = runs.slice(0, query.limit);
    const actions = page.length
      ? await this.em.find(AutomationRunActionRecord, { runId: { $in: page.map((run) => run.id) } })
      : [];
    return {
      runs: page.map((run) =>
        toRunDto(
          run,
          actions.filter((action) => action.runId === run.id),
        ),
      ),
      nextCursor: runs.length > query.limit ? cursorOf(page[page.length - 1]) : null,
    };
  }

  private fieldsOf(body: AutomationBody) {
    return {
      name: body.name,
      enabled: body.enabled,
      kind: body.schedule ? ('schedule' as const) : ('trigger' as const),
      triggerEvent: body.trigger?.event ?? null,
      serverIds: body.serverIds,
      schedule: body.schedule ?? null,
      trigger: body.trigger ?? null,
      cooldownSeconds: body.cooldownSeconds,
      perPlayerCooldownSeconds: body.perPlayerCooldownSeconds,
      actions: body.actions,
    };
  }

  /** The servers and alert channels an automation names are this network's (400 naming the field). */
  private async checkReferences(networkId: string, body: AutomationBody): Promise<void> {
    if (body.serverIds) {
      const found = await this.em.find(
        GameServer,
        { networkId, id: { $in: body.serverIds } },
        { fields: ['id'] },
      );
      if (found.length !== new Set(body.serverIds).size) throw automationErrors.unknownServer();
    }
    const alerts = body.actions.flatMap((action, position) =>
      action.type === 'alert' ? [{ action, position }] : [],
    );
    if (alerts.length) {
      const channels = await this.notices.channelIdsOf(networkId);
      for (const { action, position } of alerts)
        if (action.channelIds.some((id) => !channels.has(id)))
          throw automationErrors.unknownChannel({
            details: [
              { field: `actions.${position}.channelIds`, message: AUTOMATION_MESSAGES.unknownChannel },
            ],
          });
    }
  }

  private async load(networkId: string, automationId: string): Promise<AutomationRecord> {
    const automation = await this.em.findOne(AutomationRecord, { id: automationId, networkId });
    if (!automation) throw automationErrors.notFound();
    return automation;
  }

  private async lastRuns(automationIds: readonly string[]): Promise<Map<string, AutomationRunRecord>> {
    const last = new Map<string, AutomationRunRecord>();
    for (const automationId of automationIds) {
      const [run] = await this.em.find(
        AutomationRunRecord,
        { automationId },
        { orderBy: { startedAt: 'desc', id: 'desc' }, limit: 1 },
      );
      if (run) last.set(automationId, run);
    }
    return last;
  }

  private async publish(
    user: AuthUser,
    action: 'automation.created' | 'automation.updated' | 'automation.deleted',
    automation: AutomationRecord,
    details: Record<string, unknown>,
  ): Promise<void> {
    const network = await this.em.findOneOrFail(Network, { id: automation.networkId }, { fields: ['name'] });
    await this.events.publish(user, {
      action,
      networkId: automation.networkId,
      networkName: network.name,
      target: { type: 'automation', id: automation.id, name: automation.name },
      details,
    });
  }
}
