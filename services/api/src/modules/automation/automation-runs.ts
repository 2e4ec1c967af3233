import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable, Logger } from '@nestjs/common';
import type { AutomationRun, AutomationRunStatus } from '@outpost/contracts';
import { DomainEvents } from '../../core/events';
import { Network } from '../tenancy';
import {
  AutomationRecord,
  AutomationRunActionRecord,
  AutomationRunRecord,
  type RunContext,
} from './automation.entity';
import { sentBy } from './render';

/** What starts a run: its automation, where, why, and what its actions may name. */
export type RunStart = {
  automation: AutomationRecord;
  server: { id: string; name: string } | null;
  cause: AutomationRun['cause'];
  /** Unique per automation: a second start of the same occurrence (another instance, a retry) does nothing. */
  occurrence: string;
  summary: string;
  steamId: string | null;
  context: RunContext;
  dueAt: Date;
  now: Date;
  /** A run recorded without acting (missed, or skipped with the reason). */
  without?: { status: Extract<AutomationRunStatus, 'missed' | 'skipped'>; reason: string };
};

/** How an automation appears as the actor of what it does (audit entries, commands). */
export const automationActor = (automation: Pick<AutomationRecord, 'id' | 'name'>) => ({
  id: `automation:${automation.id}`,
  name: `Automation “${automation.name}”`,
  email: '',
});

/**
 * Runs as rows: each is claimed once (unique occurrence), its actions in order with their own
 * outcome. Started by the scheduler and the triggers on any instance; carried out by the leader's
 * executor; every change is told on the live stream, and a finished run goes to the audit log with
 * the automation as its actor.
 */
@Injectable()
export class AutomationRuns {
  private readonly logger = new Logger('AutomationRuns');

  constructor(
    private readonly em: EntityManager,
    private readonly events: DomainEvents,
  ) {}

  /** The run it stored, or null when this occurrence already has one. */
  async start(input: RunStart): Promise<AutomationRunRecord | null> {
    const { automation, server, now } = input;
    const status = input.without?.status ?? 'running';
    let run: AutomationRunRecord;
    try {
      run = await this.em.fork().transactional(async (em) => {
        const created = em.create(AutomationRunRecord, {
          networkId: automation.networkId,
          automationId: automation.id,
          automationName: automation.name,
          serverId: server?.id ?? null,
          serverName: server?.name ?? null,
          cause: input.cause,
          occurrence: input.occurrence.slice(0, 200),
          summary: input.summary.slice(0, 500),
          steamId: input.steamId,
          context: input.context,
          status,
          reason: input.without?.reason ?? null,
          dueAt: input.dueAt,
          startedAt: now,
          finishedAt: input.without ? now : null,
        });
        // No ORM relation links them: the run goes in first for its actions' foreign key.
        await em.flush();
        automation.actions.forEach((action, position) =>
          em.create(AutomationRunActionRecord, {
            runId: created.id,
            networkId: automation.networkId,
            position,
            type: action.type,
            spec: action,
            status: input.without ? 'skipped' : 'waiting',
            delaySeconds: action.delaySeconds ?? 0,
            continueOnFailure: action.continueOnFailure ?? false,
            dueAt:
              !input.without && position === 0
                ? new Date(now.getTime() + (action.delaySeconds ?? 0) * 1000)
                : null,
            sent: input.without ? sentBy(action, input.context) : null,
            detail: input.without ? input.without.reason : null,
          }),
        );
        return created;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return null;
      throw error;
    }
    this.changed(run);
    if (input.without) await this.audit(run, []);
    return run;
  }

  /** Tells the live stream that the run moved. */
  changed(run: Pick<AutomationRunRecord, 'networkId' | 'automationId' | 'id' | 'serverId'>): void {
    this.events.emit('automation.run', {
      networkId: run.networkId,
      automationId: run.automationId,
      runId: run.id,
      serverId: run.serverId,
    });
  }

  /** The finished run's audit entry: the automation is its actor, each action's outcome its details. */
  async audit(run: AutomationRunRecord, actions: readonly AutomationRunActionRecord[]): Promise<void> {
    try {
      const em = this.em.fork();
      const network = await em.findOne(Network, { id: run.networkId }, { fields: ['name'] });
      if (!network) return;
      await this.events.publish(automationActor({ id: run.automationId, name: run.automationName }), {
        action: 'automation.ran',
        networkId: run.networkId,
        networkName: network.name,
        target: { type: 'automation', id: run.automationId, name: run.automationName },
        details: {
          runId: run.id,
          cause: run.cause,
          status: run.status,
          ...(run.reason ? { reason: run.reason } : {}),
          ...(run.serverId ? { serverId: run.serverId, serverName: run.serverName } : {}),
          ...(run.steamId ? { steamId: run.steamId } : {}),
          actions: [...actions]
            .sort((a, b) => a.position - b.position)
            .map((action) => ({ type: action.type, status: action.status })),
        },
      });
    } catch (error) {
      this.logger.warn(`Audit entry of run ${run.id} not stored: ${(error as Error).message}`);
    }
  }
}
